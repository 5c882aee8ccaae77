import { expect, type Page } from '@playwright/test';
import { NO_LEAD_BY_RULES, seedLead, seedSegment, type AdminApi, type SeededSegment } from '../support/seed';

/** A segment whose members are these leads, added by hand (rules take none). */
export async function seedSegmentWith(api: AdminApi, name: string, leadIds: string[], description?: string) {
  const segment = await seedSegment(api, { name, description, inclusion_rules: NO_LEAD_BY_RULES });
  const res = await api.request.post(`/api/segments/${segment.id}/assign-leads`, {
    headers: api.headers,
    data: { lead_ids: leadIds },
  });
  expect(res.ok(), await res.text()).toBe(true);
  await expectSendable(api, segment, leadIds.length);
  return segment;
}

/** Waits until the campaign screens count this many sendable leads in the segment. */
export async function expectSendable(api: AdminApi, segment: SeededSegment, count: number) {
  await expect
    .poll(async () => {
      const res = await api.request.get('/api/campaigns/segment-options', { headers: api.headers });
      const { segments } = (await res.json()) as { segments: { id: string; active_leads: number }[] };
      return segments.find((s) => s.id === segment.id)?.active_leads;
    })
    .toBe(count);
}

export async function seedFamilies(api: AdminApi, count: number) {
  const leads = [];
  for (let i = 0; i < count; i++) leads.push(await seedLead(api));
  return leads;
}

export type ApiCampaign = { id: string; name: string; approval_status: string; content_html: string };

/** A campaign as the editor saves it (POST /api/campaigns). */
export async function seedCampaign(
  api: AdminApi,
  segment: SeededSegment,
  fields: { name: string; subject?: string; content_html?: string },
): Promise<ApiCampaign> {
  const res = await api.request.post('/api/campaigns', {
    headers: api.headers,
    data: {
      subject: 'A note for {{parent_name}}',
      content_html: '<p>Dear {{parent_name}},</p><p>We would love to meet {{child_name}}.</p>',
      segment_id: segment.id,
      ...fields,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { campaign: ApiCampaign }).campaign;
}

/** The code editor's text, replaced as a paste would (CodeMirror's own input handling). */
export async function fillCodeEditor(page: Page, label: string, html: string) {
  const editor = page.getByRole('textbox', { name: label });
  await expect(editor).toBeVisible();
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await editor.fill(html);
}

export const campaignRow = (page: Page, name: string) =>
  page.getByTestId('campaign-row').filter({ has: page.getByRole('button', { name, exact: true }) });

/** Every campaign preview's sandboxed frame (editor, Campaign Preview, AI Campaign Editor). */
export const PREVIEW_FRAME = 'iframe[title="Campaign preview with sample data"]';
