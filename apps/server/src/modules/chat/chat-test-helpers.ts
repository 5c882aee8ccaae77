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

/**
 * A second handbook with a fees table, rendered as ingestion renders tables (each row with its
 * label and column headers, under the table's caption), and prose sections.
 */
export const FAMILY_HANDBOOK = `# Family Handbook

## Tuition

### Annual tuition 2025-26

Lower School: grades K to 4; annual tuition $21,000

Middle School: grades 5 to 8; annual tuition $32,500

Upper School: grades 9 to 12; annual tuition $48,200

Tuition is due in two instalments, on August 1 and January 15. A non-refundable deposit of $1,500 secures a place.

## Transport

Buses run on three routes from Oakton, Millbrook and Riverside. The bus fee is $1,200 a year.

## Learning support

Our learning support team of four specialists works with students who have dyslexia, ADHD or other learning differences. Each student has a learning plan, reviewed every term with the family.

## Clubs

Students choose from more than twenty clubs, including chess, choir, drama and debating. Clubs meet after school on Tuesdays and Thursdays.
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

export async function uploadHandbook(
  t: TestApp,
  token: string,
  filename = 'Parent Handbook.md',
  content = HANDBOOK,
) {
  const body = multipart({}, [{ field: 'document', filename, content }]);
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
