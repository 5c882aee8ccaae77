import {
  CLEAR_ANALYTICS_MESSAGES,
  type ClearAnalyticsCounts,
  type ClearAnalyticsPreview,
  type ClearAnalyticsRequest,
  type ClearAnalyticsResponse,
} from '@lantern/contracts';
import type { Database } from '../../db/client';
import { recordAuditEvent } from '../audit/audit.service';
import type { Queryable } from './widget-records';

// Production Data Management (spec document 3, 2.5 and 4.4): clearing the analytics data. The data
// belongs to other modules (chat's visitors and conversations, resources' download records and
// tokens, leads), which the widget module cannot import (chat reads the widget's settings): the app
// hands their count and delete functions over as `parts`. All of it runs in one transaction, after
// the step-up (password, and a current code when two-factor is on), and is audited with the counts.
// Settings, knowledge, segments, resources, templates and campaigns are never touched.

type Counts = Partial<ClearAnalyticsCounts>;

/** One module's analytics data: how much there is, and deleting it inside the given transaction. */
export type AnalyticsDataPart = {
  count: (q: Queryable) => Promise<Counts>;
  clear: (tx: Queryable) => Promise<Counts>;
};

export type ClearAnalyticsDeps = {
  db: Database;
  /** Visitors, conversations, download records and tokens: always cleared. */
  parts: AnalyticsDataPart[];
  /** Leads: cleared only with "Also delete leads". */
  leads: AnalyticsDataPart;
  /** Throws a 400 when the password (or the code, with two-factor on) is not right. */
  confirmIdentity: (
    userId: string,
    input: { password: string; code?: string },
    ctx: StepUpContext,
  ) => Promise<void>;
  twoFactorEnabled: (userId: string) => Promise<boolean>;
};

export type StepUpContext = { ip: string; sessionId: string };

const KINDS = ['visitors', 'conversations', 'leads', 'resourceDownloads', 'downloadTokens'] as const;

function sum(counts: Counts[]): ClearAnalyticsCounts {
  const total = { visitors: 0, conversations: 0, leads: 0, resourceDownloads: 0, downloadTokens: 0 };
  for (const c of counts) for (const k of KINDS) total[k] += c[k] ?? 0;
  return total;
}

const totalOf = (c: ClearAnalyticsCounts) => KINDS.reduce((n, k) => n + c[k], 0);

/** The dry run: what clearing would remove now (leads: what "Also delete leads" would remove). */
export async function previewClearAnalytics(
  deps: ClearAnalyticsDeps,
  userId: string,
): Promise<ClearAnalyticsPreview> {
  const parts = await Promise.all(deps.parts.map((p) => p.count(deps.db)));
  const leads = await deps.leads.count(deps.db);
  const counts = sum([...parts, leads]);
  return {
    counts,
    totalWithoutLeads: totalOf({ ...counts, leads: 0 }),
    totalWithLeads: totalOf(counts),
    twoFactorRequired: await deps.twoFactorEnabled(userId),
  };
}

/** Clears the analytics data after the step-up; all or nothing; audited with who, when and counts. */
export async function clearAnalytics(
  deps: ClearAnalyticsDeps,
  actor: { userId: string; ip: string; sessionId: string; email: string | null },
  input: ClearAnalyticsRequest,
): Promise<ClearAnalyticsResponse> {
  await deps.confirmIdentity(
    actor.userId,
    { password: input.password, ...(input.code ? { code: input.code } : {}) },
    { ip: actor.ip, sessionId: actor.sessionId },
  );
  const includeLeads = input.include_leads === true;
  const summary = await deps.db.transaction(async (tx) => {
    // The analytics data first, then (when asked) the leads: nothing of the first is left for the
    // leads' cascades to remove uncounted.
    const cleared: Counts[] = [];
    for (const part of deps.parts) cleared.push(await part.clear(tx));
    if (includeLeads) cleared.push({ leads: (await deps.leads.clear(tx)).leads ?? 0 });
    const counts = sum(cleared);
    const result = { ...counts, totalCleared: totalOf(counts) };
    await recordAuditEvent(tx as unknown as Database, {
      actorId: actor.userId,
      action: 'analytics.cleared',
      ip: actor.ip,
      details: { actorEmail: actor.email, includeLeads, ...result },
    });
    return result;
  });
  return { message: CLEAR_ANALYTICS_MESSAGES.success(summary.totalCleared), summary };
}
