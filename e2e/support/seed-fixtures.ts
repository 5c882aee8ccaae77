// Seeds the e2e database before the server starts (PGlite allows one process at a time):
// demo leads with segments, one known lead with a conversation for the journeys to search, and an
// expired download link.
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { fileURLToPath } from 'node:url';
import { prepareDatabase } from '../../apps/server/src/bootstrap';
import { loadConfig } from '../../apps/server/src/config';
import type { Database } from '../../apps/server/src/db/client';
import { createChatRepository } from '../../apps/server/src/modules/chat/chat.repository';
import { childFactsOf } from '../../apps/server/src/modules/leads/lead-mapping';
import { storedChildren } from '../../apps/server/src/modules/leads/leads.repository';
import { leads } from '../../apps/server/src/modules/leads/leads.tables';
import { seedDemoData } from '../../apps/server/src/seed/demo-data';
import { insertExpiredDownloadLink } from './download-links';
import { DEMO_LEAD_COUNT, FIXTURE_LEAD } from './fixtures';

async function insertFixtureLead(db: Database) {
  const [lead] = await db
    .insert(leads)
    .values({
      email: FIXTURE_LEAD.email,
      parentName: FIXTURE_LEAD.parentName,
      phone: '(555) 201-3344',
      timeline: 'Next school year',
      source: 'chat',
      completedConversations: 1,
      searchText: `${FIXTURE_LEAD.parentName} ${FIXTURE_LEAD.email} ${FIXTURE_LEAD.child}`.toLowerCase(),
    })
    .returning();
  const child = {
    name: FIXTURE_LEAD.child,
    age: 7,
    specialNeeds: ['Sensory Processing'],
    currentSupport: [],
  };
  await db
    .update(leads)
    .set({ children: storedChildren([{ ...child, grade: null }]), ...childFactsOf([child]) })
    .where(eq(leads.id, lead!.id));
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
  await createChatRepository(db).insertConversation({
    sessionId: 'fixture-session-0001',
    visitorId: 'fixture-visitor',
    leadId: lead!.id,
    startedAt: at(60),
    endedAt: at(48),
    completed: true,
    messages: [
      {
        role: 'user',
        content: 'Does Robin get occupational therapy in the school day?',
        timestamp: at(59).toISOString(),
      },
      {
        role: 'assistant',
        content: 'Yes, occupational therapy is on the timetable twice a week.',
        timestamp: at(58).toISOString(),
      },
      { role: 'user', content: 'Wonderful, thank you.', timestamp: at(50).toISOString() },
    ],
    context: {
      parentName: FIXTURE_LEAD.parentName,
      email: FIXTURE_LEAD.email,
      children: [{ name: FIXTURE_LEAD.child }],
    },
  });
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { database } = await prepareDatabase(loadConfig(), path.join(root, 'apps/server/drizzle'));
await seedDemoData(database.db, DEMO_LEAD_COUNT, { seed: 11 });
await insertFixtureLead(database.db);
await insertExpiredDownloadLink(database.db);
await database.close();
