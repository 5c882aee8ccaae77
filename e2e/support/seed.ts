import crypto from 'node:crypto';
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { signInThroughApi } from './auth';

/**
 * What a journey needs in the product, put there through its HTTP API as the seeded admin (or, for a
 * chat, as a visitor), in the test itself: every journey seeds its own data (documenso's seedUser).
 * All journeys of a run share one database, so names and emails carry a tag unique to the call.
 */

/** The admin API, signed in as the seeded admin through POST /admin/login. */
export type AdminApi = { request: APIRequestContext; headers: { authorization: string } };

/** Signs in through the API, or uses the session a page was given (useApiSession's token). */
export async function adminApi(request: APIRequestContext, token?: string): Promise<AdminApi> {
  const bearer = token ?? (await signInThroughApi(request)).token;
  return { request, headers: { authorization: `Bearer ${bearer}` } };
}

/** Six lower-case hex digits, for names, emails and slugs no other journey uses. */
export const uniqueTag = () => crypto.randomUUID().slice(0, 6);

async function created<T>(res: APIResponse, key: string): Promise<T> {
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as Record<string, T>)[key]!;
}

// ---- leads ----

export type SeededLead = {
  id: string;
  email: string;
  parent_name: string;
  timeline: string | null;
  lead_score: number;
  children: { name: string; age: number | null; special_needs: string[] }[];
};

export type LeadInput = {
  email?: string;
  parent_name?: string;
  phone?: string;
  phone_consent?: boolean;
  timeline?: string;
  biggest_concerns?: string;
  children?: { name: string; age?: number; grade?: string; special_needs?: string[] }[];
};

/** A lead created as 'Add Lead' does (POST /api/leads/import/single); unnamed fields get tagged defaults. */
export async function seedLead(api: AdminApi, input: LeadInput = {}): Promise<SeededLead> {
  const tag = uniqueTag();
  const res = await api.request.post('/api/leads/import/single', {
    headers: api.headers,
    data: {
      email: `family.${tag}@example.org`,
      parent_name: `Parent ${tag}`,
      children: [{ name: `Child ${tag}`, age: 8 }],
      ...input,
    },
  });
  return created<SeededLead>(res, 'lead');
}

/** The lead with this email, as the leads list shows it. */
export async function findLead(api: AdminApi, email: string): Promise<SeededLead | undefined> {
  const res = await api.request.get(`/api/leads?search=${encodeURIComponent(email)}`, {
    headers: api.headers,
  });
  expect(res.ok()).toBe(true);
  const { leads } = (await res.json()) as { leads: SeededLead[] };
  return leads.find((lead) => lead.email === email);
}

// ---- a lead from a chat ----

export type ChatFamily = {
  parentName: string;
  email: string;
  child: { name: string; age: number };
  /** What the parent asks first, before the chatbot asks who they are. */
  question: string;
};

/** A lead from the chat, with the resources the chat offered the family (links issued to the lead). */
export type ChatLead = SeededLead & { offered: { title: string; download_url: string }[] };

/**
 * A parent who chats through the widget's public API (no token): a question, their name, email and
 * child. The chat makes the lead, with the conversation on it; answers the lead as the API lists it.
 */
export async function seedChatLead(api: AdminApi, family: ChatFamily): Promise<ChatLead> {
  const { offered } = await seedChat(api.request, [
    family.question,
    `My name is ${family.parentName}`,
    family.email,
    `My daughter ${family.child.name} is ${family.child.age}`,
  ]);
  let lead: SeededLead | undefined;
  await expect.poll(async () => (lead = await findLead(api, family.email))).toBeDefined();
  return { ...lead!, offered };
}

/** A chat through the widget's public API (no token): a new visitor's visit, a conversation, these messages. */
export async function seedChat(
  request: APIRequestContext,
  messages: string[],
): Promise<{ visitorId: string; conversationId: string; offered: ChatLead['offered'] }> {
  const visit = await request.post('/widget/visits', { data: {} });
  expect(visit.ok(), await visit.text()).toBe(true);
  const { visitor_id } = (await visit.json()) as { visitor_id: string };
  const start = await request.post('/widget/conversations', { data: { visitor_id } });
  expect(start.ok(), await start.text()).toBe(true);
  const { conversation } = (await start.json()) as { conversation: { id: string } };
  const offered: ChatLead['offered'] = [];
  for (const content of messages) {
    const sent = await request.post(`/widget/conversations/${conversation.id}/messages`, {
      data: { visitor_id, content },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
    offered.push(...((await sent.json()) as { resources: ChatLead['offered'] }).resources);
  }
  return { visitorId: visitor_id, conversationId: conversation.id, offered };
}

// ---- segments ----

export type RuleGroup = {
  operator: 'AND' | 'OR';
  conditions: { field: string; operator: string; value?: string | number | null }[];
};

/** Rules that take any family with a child who has this need. */
export const anyChildHas = (need: string): RuleGroup => ({
  operator: 'AND',
  conditions: [{ field: 'all_special_needs', operator: 'contains', value: need }],
});

/** Rules no lead meets (a segment needs rules): its members are the leads added by hand. */
export const NO_LEAD_BY_RULES: RuleGroup = {
  operator: 'AND',
  conditions: [{ field: 'lead_score', operator: 'less_than', value: 0 }],
};

export type SeededSegment = {
  id: string;
  name: string;
  /** The name as the screens show it: a slug's hyphens as spaces ('adhd families k3x9a0'). */
  shownName: string;
};

export type SegmentInput = {
  /** A slug ('adhd-families'), made unique with a tag; or, with isExactName, a name as staff type it. */
  name: string;
  isExactName?: boolean;
  description?: string;
  inclusion_rules?: RuleGroup | null;
  exclusion_rules?: RuleGroup | null;
  is_active?: boolean;
  never_contact?: boolean;
};

/** A segment as the editor saves it (POST /api/segments). */
export async function seedSegment(api: AdminApi, input: SegmentInput): Promise<SeededSegment> {
  const { name: base, isExactName = false, ...fields } = input;
  const name = isExactName ? base : `${base}-${uniqueTag()}`;
  const res = await api.request.post('/api/segments', { headers: api.headers, data: { name, ...fields } });
  const segment = await created<{ id: string; name: string }>(res, 'segment');
  return { id: segment.id, name: segment.name, shownName: isExactName ? name : name.replace(/-/g, ' ') };
}

/** Waits until the segment holds this many leads (members of leads that existed before it are added in the background). */
export async function expectSegmentSize(api: AdminApi, segment: SeededSegment, leads: number) {
  await expect
    .poll(async () => {
      const res = await api.request.get('/api/segments', { headers: api.headers });
      const { segments } = (await res.json()) as { segments: { id: string; active_leads: number }[] };
      return segments.find((s) => s.id === segment.id)?.active_leads;
    })
    .toBe(leads);
}

// ---- resources ----

export type ResourceFile = { name: string; mimeType: string; buffer: Buffer };

export type ResourceInput = {
  title: string;
  description?: string;
  category?: string;
  segmentIds: string[];
  files: ResourceFile[];
};

/** A resource as 'Add Resource' uploads it (multipart POST /api/resources). */
export async function seedResource(
  api: AdminApi,
  input: ResourceInput,
): Promise<{ id: string; title: string }> {
  const form = new FormData();
  form.append('title', input.title);
  form.append('description', input.description ?? `What parents find in ${input.title}`);
  if (input.category) form.append('category', input.category);
  for (const id of input.segmentIds) form.append('segment_ids', id);
  for (const file of input.files)
    form.append('files', new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
  const res = await api.request.post('/api/resources', { headers: api.headers, multipart: form });
  return created<{ id: string; title: string }>(res, 'resource');
}
