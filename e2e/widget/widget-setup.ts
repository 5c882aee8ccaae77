import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** What the widget journeys put in the knowledge base and the resources, through the admin API. */

export const HANDBOOK = `# Brightwater Academy Parent Handbook

## Speech and language therapy
Yes: Brightwater Academy offers speech and language therapy on site. Our two licensed speech-language pathologists see students individually or in small groups, two to three sessions a week, as part of the school day.

## Class sizes
Classes have at most eight students, with a lead teacher and an assistant in every room.
`;
export const HANDBOOK_ANSWER = 'offers speech and language therapy on site';
export const SEGMENT = 'Widget speech families';
export const RESOURCE = {
  title: 'Speech therapy at school',
  description: 'How our therapists work with your child',
};
export const RESOURCE_FILE = {
  name: 'speech-therapy-at-school.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
};

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Uploads the handbook and waits until it is chunked (searchable by the chat). */
export async function uploadHandbook(request: APIRequestContext, token: string) {
  const res = await request.post('/api/knowledge/upload', {
    headers: auth(token),
    multipart: {
      document: { name: 'Parent Handbook.md', mimeType: 'text/markdown', buffer: Buffer.from(HANDBOOK) },
    },
  });
  expect([201, 202], await res.text()).toContain(res.status());
  await expect
    .poll(async () => {
      const list = await request.get('/api/knowledge', { headers: auth(token) });
      const { documents } = (await list.json()) as { documents: { document_name: string; status: string }[] };
      return documents.find((d) => d.document_name === 'Parent Handbook.md')?.status;
    })
    .toBe('chunked');
}

/** A segment of families with a speech delay, and one resource (a PDF) recommended to it. */
export async function speechResource(request: APIRequestContext, token: string) {
  const segment = await request.post('/api/segments', {
    headers: auth(token),
    data: {
      name: SEGMENT,
      inclusion_rules: {
        operator: 'AND',
        conditions: [{ field: 'all_special_needs', operator: 'contains', value: 'Speech/Language Delays' }],
      },
    },
  });
  expect(segment.status(), await segment.text()).toBe(201);
  const segmentId = ((await segment.json()) as { segment: { id: string } }).segment.id;
  const resource = await request.post('/api/resources', {
    headers: auth(token),
    multipart: {
      title: RESOURCE.title,
      description: RESOURCE.description,
      segment_ids: segmentId,
      files: RESOURCE_FILE,
    },
  });
  expect(resource.status(), await resource.text()).toBe(201);
}

/** The widget on a page, as a parent finds it (Playwright's locators pierce its open shadow root). */
export function widgetOn(page: Page, chatbotName = 'School Assistant') {
  const launcher = page.getByRole('button', { name: `Chat with ${chatbotName}` });
  const dialog = page.getByRole('dialog', { name: chatbotName });
  const input = dialog.getByRole('textbox', { name: `Message ${chatbotName}` });
  const log = dialog.getByRole('log', { name: 'Messages' });
  return {
    launcher,
    dialog,
    input,
    log,
    /** Sends a message with Enter and waits for the bot's answer to arrive in the log. */
    async say(text: string, expected?: string | RegExp) {
      const answers = log.locator('.lw-row-bot');
      const before = await answers.count();
      await input.fill(text);
      await input.press('Enter');
      await expect(log.locator('.lw-row-user').last()).toContainText(text);
      await expect(answers).toHaveCount(before + 1);
      if (expected) await expect(answers.last()).toContainText(expected);
      return answers.last();
    },
  };
}

/** Box and a few computed styles of an element inside the widget, to compare two host pages. */
export async function measure(locator: Locator) {
  return locator.evaluate((el) => {
    const s = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    return {
      box: [r.x, r.y, r.width, r.height].map(Math.round),
      style: [
        s.backgroundImage,
        s.backgroundColor,
        s.color,
        s.fontFamily,
        s.fontSize,
        s.borderRadius,
        s.display,
      ],
    };
  });
}
