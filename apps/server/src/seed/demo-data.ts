import crypto from 'node:crypto';
import {
  type RuleGroup,
  ADMIN_SPECIAL_NEEDS,
  ADMIN_TIMELINES,
  CURRENT_SUPPORT_OPTIONS,
  GRADES,
  PUBLIC_TIMELINES,
} from '@lantern/contracts';
import { count } from 'drizzle-orm';
import type { Database } from '../db/client';
import { conversations, visitors, type StoredMessage } from '../modules/chat/chat.tables';
import { childFactsOf, scoreOf, searchTextOf } from '../modules/leads/lead-mapping';
import { leads } from '../modules/leads/leads.tables';
import { storedChildren } from '../modules/leads/leads.repository';
import { leadSegments, segments } from '../modules/segments/segments.tables';
import { CONCERNS, FIRST_NAMES, LAST_NAMES, QUESTIONS } from './demo-names';

/** A small seeded random generator (mulberry32), so a given seed gives the same data. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  const some = <T>(xs: readonly T[], max: number): T[] => [
    ...new Set(Array.from({ length: Math.floor(next() * (max + 1)) }, () => pick(xs))),
  ];
  const weighted = <T>(pairs: [T, number][]): T => {
    let r = next() * pairs.reduce((s, [, w]) => s + w, 0);
    for (const [value, w] of pairs) if ((r -= w) <= 0) return value;
    return pairs[0]![0];
  };
  return { next, pick, some, weighted };
}

const anyChildHas = (...needs: string[]) => ({
  operator: 'OR',
  conditions: needs.map((value) => ({ field: 'all_special_needs', operator: 'contains', value })),
});

/** Demo segments with the rules that explain their members (the seed tags leads by the same rules). */
export const DEMO_SEGMENTS: {
  name: string;
  description: string;
  priority: number;
  neverContact?: boolean;
  rules?: RuleGroup;
}[] = [
  {
    name: 'autism-support',
    description: 'Families of children on the autism spectrum',
    priority: 20,
    rules: anyChildHas('Autism/ASD'),
  },
  {
    name: 'adhd-families',
    description: 'Children with ADHD or attention needs',
    priority: 15,
    rules: anyChildHas('ADHD'),
  },
  {
    name: 'immediate-enrollment',
    description: 'Want a place this term',
    priority: 30,
    rules: { operator: 'AND', conditions: [{ field: 'timeline', operator: 'equals', value: 'Immediately' }] },
  },
  {
    name: 'early-years',
    description: 'Pre-K to 2nd Grade',
    priority: 10,
    rules: {
      operator: 'OR',
      conditions: [3, 4, 5, 6, 7].map((value) => ({ field: 'all_ages', operator: 'contains', value })),
    },
  },
  {
    name: 'reading-support',
    description: 'Dyslexia and learning disabilities',
    priority: 12,
    rules: anyChildHas('Dyslexia', 'Learning Disabilities'),
  },
  { name: 'do-not-contact', description: 'Asked not to be emailed', priority: 100, neverContact: true },
];

const DAY = 86_400_000;
const BATCH = 500;

function gradeForAge(age: number) {
  if (age < 4) return null;
  if (age === 4) return 'Pre-K';
  if (age === 5) return 'Kindergarten';
  return GRADES[Math.min(age - 4, GRADES.length - 1)] ?? null;
}

function conversationFor(
  rnd: ReturnType<typeof random>,
  lead: { id: string; parent: string; email: string; at: Date; completed: boolean },
) {
  const { id: leadId, parent, email, at, completed } = lead;
  const turns = 1 + Math.floor(rnd.next() * 4);
  const messages: StoredMessage[] = [];
  let time = at.getTime();
  for (let i = 0; i < turns; i++) {
    const [q, a] = rnd.pick(QUESTIONS);
    messages.push({ role: 'user', content: q!, timestamp: new Date((time += 20_000)).toISOString() });
    messages.push({ role: 'assistant', content: a!, timestamp: new Date((time += 4_000)).toISOString() });
  }
  return {
    sessionId: `demo-${leadId}`,
    visitorId: demoVisitorId(leadId),
    leadId,
    startedAt: at,
    endedAt: new Date(time + 30_000),
    completed,
    messages,
    context: { parentName: parent, email },
    // As the chat engine would have left them (see modules/chat/status.ts).
    status: completed ? 'converted' : 'abandoned',
    hasName: true,
    hasEmail: true,
    lastActivityAt: new Date(time),
  };
}

/** A widget-like visitor id (24 base64url characters), one per demo lead. */
const demoVisitorId = (leadId: string) =>
  crypto.createHash('sha256').update(leadId).digest('base64url').slice(0, 24);

const SCHOOL_SITE = 'https://school.example';
const LANDING_PAGES = ['/', '/admissions', '/programs', '/about', '/visit'];
const REFERRERS = [
  null,
  null,
  'https://www.google.com/',
  'https://www.facebook.com/',
  'https://www.bing.com/',
];

/**
 * The widget visitor behind a demo conversation, as the widget would have recorded it: first seen
 * at or before the chat (a returning visitor up to three weeks before), last seen at its end or, for
 * some returning visitors, a later visit (never after `now`).
 */
function visitorFor(
  rnd: ReturnType<typeof random>,
  chat: { visitorId: string; leadId: string; startedAt: Date; lastActivityAt: Date },
  now: number,
) {
  const totalVisits = rnd.weighted([
    [1, 45],
    [2, 25],
    [3, 15],
    [4, 10],
    [6, 5],
  ] as [number, number][]);
  const isReturning = totalVisits > 1;
  const firstSeenAt = isReturning
    ? new Date(chat.startedAt.getTime() - Math.floor(rnd.next() * 21 * DAY))
    : chat.startedAt;
  const cameBackLater = totalVisits > 2 && rnd.next() < 0.5;
  const lastSeenAt = cameBackLater
    ? new Date(Math.min(now, chat.lastActivityAt.getTime() + Math.floor(rnd.next() * 14 * DAY)))
    : chat.lastActivityAt;
  const firstPage = rnd.pick(LANDING_PAGES);
  return {
    id: chat.visitorId,
    totalVisits,
    firstSeenAt,
    lastSeenAt,
    firstPageUrl: `${SCHOOL_SITE}${firstPage}`,
    lastPageUrl: `${SCHOOL_SITE}${isReturning ? rnd.pick(LANDING_PAGES) : firstPage}`,
    referrer: rnd.pick(REFERRERS),
    leadId: chat.leadId,
  };
}

/** Inserts `total` realistic leads (2 children on average) with segments and conversations. */
export async function seedDemoData(
  db: Database,
  total: number,
  options: { seed?: number; onProgress?: (n: number) => void } = {},
) {
  const rnd = random(options.seed ?? 42);
  // The visitors draw from their own sequence, so the leads of a seed stay what they were.
  const visitorRnd = random((options.seed ?? 42) ^ 0x9e3779b9);
  const segmentIds = new Map<string, string>();
  for (const s of DEMO_SEGMENTS) {
    const [row] = await db
      .insert(segments)
      .values({
        name: s.name,
        description: s.description,
        priority: s.priority,
        neverContact: s.neverContact ?? false,
        emailListReady: !s.neverContact,
        inclusionRules: s.rules ?? null,
        lastEvaluated: new Date(),
      })
      .onConflictDoUpdate({ target: segments.name, set: { description: s.description } })
      .returning({ id: segments.id });
    segmentIds.set(s.name, row!.id);
  }
  const [existing] = await db.select({ n: count() }).from(leads);
  const offset = Number(existing?.n ?? 0);
  const now = Date.now();

  for (let start = 0; start < total; start += BATCH) {
    const size = Math.min(BATCH, total - start);
    const rows = Array.from({ length: size }, (_, i) => {
      const n = offset + start + i;
      const first = rnd.pick(FIRST_NAMES);
      const last = rnd.pick(LAST_NAMES);
      const childCount = rnd.weighted([
        [1, 30],
        [2, 40],
        [3, 30],
      ] as [number, number][]);
      const kids = Array.from({ length: childCount }, () => {
        const age = 3 + Math.floor(rnd.next() * 14);
        return {
          name: `${rnd.pick(FIRST_NAMES)} ${last}`,
          age: rnd.next() < 0.92 ? age : null,
          grade: gradeForAge(age),
          specialNeeds: rnd.some(ADMIN_SPECIAL_NEEDS, 2),
          currentSupport: rnd.some(CURRENT_SUPPORT_OPTIONS, 2),
        };
      });
      const createdAt = new Date(now - Math.floor(rnd.next() ** 1.5 * 180 * DAY));
      const hasDate = rnd.next() < 0.3;
      const chats = rnd.next() < 0.35;
      const chatCompleted = chats && rnd.next() < 0.6;
      const lead = {
        email: `${first}.${last}.${n}@example.org`.toLowerCase().replace(/'/g, ''),
        parentName: `${first} ${last}`,
        phone: rnd.next() < 0.85 ? `(${200 + (n % 700)}) 555-${String(n % 10_000).padStart(4, '0')}` : null,
        phoneConsent: rnd.next() < 0.5,
        timeline:
          rnd.next() < 0.1 ? null : rnd.next() < 0.7 ? rnd.pick(ADMIN_TIMELINES) : rnd.pick(PUBLIC_TIMELINES),
        timelineDate: hasDate
          ? new Date(now + Math.floor(rnd.next() * 400) * DAY).toISOString().slice(0, 10)
          : null,
        biggestConcerns: rnd.pick(CONCERNS),
        conversionStatus: rnd.weighted([
          ['pending', 50],
          ['contacted', 20],
          ['interested', 15],
          ['enrolled', 8],
          ['lost', 7],
        ] as [string, number][]),
        emailStatus: rnd.weighted([
          ['subscribed', 90],
          ['unsubscribed', 6],
          ['bounced', 3],
          ['complained', 1],
        ] as [string, number][]),
        source: rnd.weighted([
          ['chat', 50],
          ['form', 30],
          ['manual', 10],
          ['import', 10],
        ] as [string, number][]),
        completedConversations: chatCompleted ? 1 : 0,
        resourceDownloads: rnd.next() < 0.35 ? 1 + Math.floor(rnd.next() * 3) : 0,
        createdAt,
        updatedAt: createdAt,
      };
      const enrolled = lead.conversionStatus === 'enrolled';
      return {
        lead: {
          ...lead,
          enrollmentDate: enrolled
            ? new Date(createdAt.getTime() + 20 * DAY).toISOString().slice(0, 10)
            : null,
          paymentAmount: enrolled ? rnd.pick([950, 1200, 1450, 14_500]) : null,
          paymentPeriod: enrolled ? rnd.pick(['monthly', 'termly', 'annual']) : null,
          unsubscribedAt: lead.emailStatus === 'unsubscribed' ? createdAt : null,
        },
        kids,
        chats,
        chatCompleted,
      };
    });

    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(leads)
        .values(
          rows.map(({ lead, kids }) => {
            const { score, breakdown } = scoreOf(lead, kids);
            return {
              ...lead,
              leadScore: score,
              scoreBreakdown: breakdown,
              searchText: searchTextOf(lead, kids),
              children: storedChildren(kids),
              ...childFactsOf(kids),
            };
          }),
        )
        .returning({ id: leads.id });

      const memberships = inserted.flatMap(({ id }, i) => {
        const { lead, kids } = rows[i]!;
        const needs = new Set(kids.flatMap((k) => k.specialNeeds));
        const names: string[] = [];
        if (needs.has('Autism/ASD')) names.push('autism-support');
        if (needs.has('ADHD')) names.push('adhd-families');
        if (needs.has('Dyslexia') || needs.has('Learning Disabilities')) names.push('reading-support');
        if (lead.timeline === 'Immediately') names.push('immediate-enrollment');
        if (kids.some((k) => k.age !== null && k.age <= 7)) names.push('early-years');
        if (lead.emailStatus === 'complained') names.push('do-not-contact');
        return names.map((name) => ({
          leadId: id,
          segmentId: segmentIds.get(name)!,
          assignment: (rnd.next() < 0.1 ? 'manual' : 'auto') as 'manual' | 'auto',
          assignedAt: lead.createdAt,
        }));
      });
      if (memberships.length) await tx.insert(leadSegments).values(memberships);

      const chats = inserted
        .map(({ id }, i) => ({ id, row: rows[i]! }))
        .filter(({ row }) => row.chats)
        .map(({ id, row }) =>
          conversationFor(rnd, {
            id,
            parent: row.lead.parentName,
            email: row.lead.email,
            at: row.lead.createdAt,
            completed: row.chatCompleted,
          }),
        );
      if (chats.length) {
        await tx.insert(visitors).values(chats.map((chat) => visitorFor(visitorRnd, chat, now)));
        await tx.insert(conversations).values(chats);
      }
    });
    options.onProgress?.(start + size);
  }
  return { inserted: total, segments: DEMO_SEGMENTS.length };
}
