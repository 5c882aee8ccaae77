import { expect } from 'vitest';
import { multipart, SAMPLE_FILES } from '../../test/multipart';
import { bearer, freshAddress, type TestApp } from '../../test/test-app';

/** The school handbook passages the chat tests answer from (uploaded through the knowledge API). */
export const HANDBOOK = `# Brightwater Academy Parent Handbook

## Speech and language therapy
Yes: Brightwater Academy offers speech and language therapy on site. Our two licensed speech-language pathologists see students individually or in small groups, two to three sessions a week, as part of the school day.

## Class sizes
Classes have at most eight students, with a lead teacher and an assistant in every room.

## School day
The school day runs from 8:30 am to 3:15 pm. Aftercare is available until 5:30 pm.
`;

/** Calls of the widget's public API as the widget makes them, from one address. */
export function widgetClient(t: TestApp, address = freshAddress()) {
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: address, headers });
  return {
    address,
    post,
    async visit(visitorId?: string) {
      const res = await post('/widget/visits', visitorId ? { visitor_id: visitorId } : {});
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { visitor_id: string; total_visits: number; is_new_visitor: boolean };
    },
    async start(visitorId: string) {
      const res = await post('/widget/conversations', { visitor_id: visitorId });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().conversation as Conversation;
    },
    get: (id: string, visitorId: string) =>
      t.app.inject({
        method: 'GET',
        url: `/widget/conversations/${id}?visitor_id=${encodeURIComponent(visitorId)}`,
        remoteAddress: address,
      }),
    send: (id: string, visitorId: string, content: string, headers: Record<string, string> = {}) =>
      post(`/widget/conversations/${id}/messages`, { visitor_id: visitorId, content }, headers),
    async say(id: string, visitorId: string, content: string) {
      const res = await post(`/widget/conversations/${id}/messages`, { visitor_id: visitorId, content });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Answer;
    },
  };
}

export type Conversation = {
  id: string;
  status: string;
  messages: { role: string; content: string; timestamp: string }[];
  resources: { title: string; description: string; download_url: string }[];
};
export type Answer = {
  message: { role: 'assistant'; content: string; timestamp: string };
  status: string;
  resources: Conversation['resources'];
};

export async function uploadHandbook(t: TestApp, token: string) {
  const body = multipart({}, [{ field: 'document', filename: 'Parent Handbook.md', content: HANDBOOK }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/knowledge/upload',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** A segment of speech-therapy families with one resource (a PDF) recommended to them. */
export async function speechSegmentWithResource(t: TestApp, token: string) {
  const segment = await t.app.inject({
    method: 'POST',
    url: '/api/segments',
    headers: bearer(token),
    payload: {
      name: 'Speech families',
      inclusion_rules: {
        operator: 'AND',
        conditions: [{ field: 'all_special_needs', operator: 'contains', value: 'Speech/Language Delays' }],
      },
    },
  });
  expect(segment.statusCode, segment.body).toBe(201);
  const body = multipart(
    {
      title: 'Speech therapy guide',
      description: 'How our therapists work',
      segment_ids: [segment.json().segment.id],
    },
    [{ filename: 'speech.pdf', content: SAMPLE_FILES.pdf() }],
  );
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/resources',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
  expect(created.statusCode, created.body).toBe(201);
}
