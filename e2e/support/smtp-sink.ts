import { expect, type APIRequestContext } from '@playwright/test';
import type { SinkMessage } from '../../apps/server/src/test/smtp-sink';
import { e2ePorts } from './sink-ports';

export const SINK_URL = `http://127.0.0.1:${e2ePorts(Number(process.env.E2E_PORT ?? 3210)).inspect}`;

/** A message the e2e server sent, as the local SMTP sink received it. */
export type SunkMessage = SinkMessage;

/** Everything the sink has received (or only what was sent to `to`). */
export async function sinkMessages(request: APIRequestContext, to?: string): Promise<SunkMessage[]> {
  const res = await request.get(`${SINK_URL}/messages${to ? `?to=${encodeURIComponent(to)}` : ''}`);
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { messages: SunkMessage[] }).messages;
}

/** The received messages with this subject. */
export async function sinkMessagesWithSubject(request: APIRequestContext, subject: string) {
  return (await sinkMessages(request)).filter((m) => m.subject === subject);
}

/** The URL inside a List-Unsubscribe header ('<https://host/u/token>'). */
export function listUnsubscribeUrl(header: string | null): string {
  const url = /<(https?:[^>]+)>/.exec(header ?? '')?.[1];
  expect(url, `List-Unsubscribe header: ${header}`).toBeTruthy();
  return url!;
}
