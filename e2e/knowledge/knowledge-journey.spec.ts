import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { useApiSession } from '../support/session';

const here = path.dirname(fileURLToPath(import.meta.url));
// The 15-page school handbook of the retrieval evaluation (bench/knowledge-eval/make-handbook.ts).
const HANDBOOK = path.join(here, '../../bench/knowledge-eval/handbook.pdf');
const NOTICE_TEXT = 'Swimming Gala on Friday 14 March at 10 am. Bring a towel and a packed lunch.';
const REVIEWED_NOTICE = `NOTICE TO PARENTS: The Brightwater ${NOTICE_TEXT} Parents are welcome to watch from the gallery.`;

/** A printed notice as a PNG: big, high-contrast text, rendered by the browser itself. */
async function renderNotice(browser: Browser): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: 1200, height: 700 } });
  await page.setContent(`
    <body style="margin:0;background:#fff;color:#000;font:bold 44px/1.5 Arial, sans-serif;padding:60px">
      <p style="font-size:64px;margin:0 0 30px">NOTICE TO PARENTS</p>
      <p style="margin:0">${NOTICE_TEXT}</p>
    </body>`);
  const png = await page.screenshot({ type: 'png' });
  await page.close();
  return png;
}

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
const documentRow = (page: Page, name: string) =>
  page.getByTestId('knowledge-document-row').filter({ hasText: name });

async function upload(page: Page, file: string | { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByLabel('Document file').setInputFiles(file);
  await page.getByRole('button', { name: 'Upload Document' }).click();
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

async function searchChunks(page: Page, words: string): Promise<Locator> {
  await page.getByPlaceholder('Search in chunk content...').fill(words);
  return page.getByTestId('chunk-item');
}

test('the knowledge base from upload to answer: handbook and notice in, review, search, chunk edits, delete', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  expect(fs.existsSync(HANDBOOK), 'the handbook fixture of bench/knowledge-eval').toBe(true);
  await useApiSession(page, request);
  await page.goto('/knowledge');
  await expect(page.getByRole('heading', { name: 'Knowledge Base Management' })).toBeVisible();
  await expect(page.getByText('How It Works')).toBeVisible();

  // Client checks come before any upload.
  await page.getByRole('button', { name: 'Upload Document' }).click();
  await expect(page.getByText('Please select a file to upload')).toBeVisible();
  await page
    .getByLabel('Document file')
    .setInputFiles({ name: 'notes.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await expect(
    page.getByText('Please upload a PDF, DOCX, TXT, MD, or image file (PNG, JPG, GIF, WebP)'),
  ).toBeVisible();

  // The handbook PDF becomes chunks (the table polls while it is processing).
  await upload(page, HANDBOOK);
  await expect(
    toast(page, /Document uploaded successfully! Created [1-9]\d* chunks with \d+ Q&A pairs/),
  ).toBeVisible({
    timeout: 60_000,
  });
  const handbookRow = documentRow(page, 'handbook.pdf');
  await expect(handbookRow.getByText('Chunked')).toBeVisible();
  const handbookChunks = Number(await handbookRow.locator('td').nth(5).innerText());
  expect(handbookChunks).toBeGreaterThan(10);

  // The notice image: its text is read by OCR and waits for review.
  await upload(page, {
    name: 'swimming-notice.png',
    mimeType: 'image/png',
    buffer: await renderNotice(browser),
  });
  await expect(toast(page, 'Document uploaded successfully! Created 0 chunks with 0 Q&A pairs')).toBeVisible({
    timeout: 60_000,
  });
  await expect(documentRow(page, 'swimming-notice.png').getByText('Awaiting review')).toBeVisible();

  // Review: the OCR read the notice; the reviewer corrects it and approves.
  await openTab(page, 'Text Extractions');
  await expect(page).toHaveURL(/\?tab=extractions/);
  const extraction = page.getByTestId('extraction-row').filter({ hasText: 'swimming-notice.png' });
  await expect(extraction.getByText('Pending')).toBeVisible();
  await extraction.getByRole('button', { name: /Review/ }).click();
  // The reviewer sees the uploaded image beside the text it was read from.
  const original = page.getByRole('img', { name: 'The image swimming-notice.png, as uploaded' });
  await expect(original).toBeVisible();
  await expect.poll(() => original.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const reviewed = page.getByLabel('Extracted text');
  await expect(reviewed).toHaveValue(/gala/i);
  await reviewed.fill(REVIEWED_NOTICE);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(toast(page, 'Text extraction approved successfully')).toBeVisible();
  await expect(extraction.getByText('Approved')).toBeVisible();
  await expect(extraction.getByRole('button', { name: /Review/ })).toHaveCount(0);

  // Its text is now a chunk in the browser.
  await openTab(page, 'Chunk Browser');
  let items = await searchChunks(page, 'watch from the gallery');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('Parents are welcome to watch from the gallery');

  // The search the chatbot uses finds the handbook's speech therapy passage first.
  await openTab(page, 'Documents');
  await page.getByLabel('Search query').fill('speech therapy sessions per week');
  await page.getByRole('button', { name: 'Test Search' }).click();
  await expect(toast(page, /Found [1-5] relevant chunk\(s\)/)).toBeVisible();
  const results = page.getByTestId('search-result');
  await expect(results.first()).toContainText('two 30-minute sessions each week');
  await expect(results.first()).toContainText('handbook.pdf');
  await expect(results.first()).toContainText(/\d+% match/);
  // Why it was found: the matched words are marked in the text, and each question word is listed.
  const best = results.first();
  await expect(best.locator('mark', { hasText: /^sessions$/i }).first()).toBeAttached();
  const why = best.getByRole('list', { name: 'Why this result' });
  await expect(why.getByRole('listitem').filter({ hasText: /^sessions\W+same word$/ })).toHaveCount(1);

  // A manual chunk: add, edit, delete.
  await openTab(page, 'Chunk Browser');
  await page.getByPlaceholder('Search in chunk content...').fill('');
  await page.getByRole('button', { name: 'Add Chunk' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add New Knowledge Chunk' });
  await addDialog.getByRole('button', { name: 'Create Chunk' }).click();
  await expect(addDialog.getByText('Please enter some text for the new chunk')).toBeVisible();
  await addDialog
    .getByLabel('Content')
    .fill('The school minibus leaves the Larkspur Road gate at 3:45 pm every Tuesday.');
  await addDialog.getByRole('button', { name: 'Create Chunk' }).click();
  await expect(toast(page, 'Knowledge chunk created successfully!')).toBeVisible();
  const details = page.getByTestId('chunk-details');
  await expect(details).toContainText('minibus leaves the Larkspur Road gate');
  await expect(details).toContainText('Manual');

  await details.getByRole('button', { name: 'Edit' }).click();
  await details
    .getByLabel('Chunk text')
    .fill('The school minibus leaves the Larkspur Road gate at 4:15 pm every Tuesday.');
  await details.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Chunk updated successfully!')).toBeVisible();
  await expect(details).toContainText('at 4:15 pm every Tuesday');
  items = await searchChunks(page, 'minibus');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('4:15 pm');

  await details.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Chunk' });
  await expect(confirm).toContainText(
    'Are you sure you want to delete this chunk? This action cannot be undone.',
  );
  await confirm.getByRole('button', { name: 'Delete Chunk' }).click();
  await expect(toast(page, 'Chunk deleted successfully!')).toBeVisible();
  await expect(page.getByText('Select a chunk to view details')).toBeVisible();
  await expect(page.getByText('No chunks found')).toBeVisible();
  await expect(page.getByText('Try adjusting your search or filters')).toBeVisible();

  // The handbook's chunks are in the browser until the document is deleted.
  await page.getByPlaceholder('Search in chunk content...').fill('');
  await page.getByLabel('Document', { exact: true }).selectOption({ label: 'handbook.pdf (General)' });
  await expect(
    page.getByText(new RegExp(`^Showing ${Math.min(50, handbookChunks)} of ${handbookChunks} chunks$`)),
  ).toBeVisible();

  await openTab(page, 'Documents');
  await documentRow(page, 'handbook.pdf').getByRole('button', { name: 'Delete handbook.pdf' }).click();
  await documentRow(page, 'handbook.pdf').getByRole('button', { name: 'Confirm' }).click();
  await expect(
    toast(page, `Document deleted successfully! Removed ${handbookChunks} chunks from knowledge base`),
  ).toBeVisible();
  await expect(documentRow(page, 'handbook.pdf')).toHaveCount(0);

  await openTab(page, 'Chunk Browser');
  await expect(
    page.getByLabel('Document', { exact: true }).locator('option', { hasText: 'handbook.pdf' }),
  ).toHaveCount(0);
  items = await searchChunks(page, 'speech therapy');
  await expect(page.getByText('No chunks found')).toBeVisible();
  await expect(items).toHaveCount(0);
});

test('bad input is explained: no file, wrong type, too large, a corrupt PDF, an empty query, nothing found', async ({
  page,
  request,
}) => {
  await useApiSession(page, request);
  await page.goto('/knowledge');

  await page
    .getByLabel('Document file')
    .setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(10_485_761, 32) });
  await expect(page.getByText('File size must be less than 10MB')).toBeVisible();
  await page.getByRole('button', { name: 'Remove big.pdf' }).click();

  // The server reads the file itself: a PDF that is not one fails with its reason, in a toast and the table.
  await upload(page, {
    name: 'broken-prospectus.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.7\nthis is not really a pdf'),
  });
  const failed = documentRow(page, 'broken-prospectus.pdf');
  await expect(failed.getByText('Failed')).toBeVisible({ timeout: 60_000 });
  const reason = (await failed.locator('td').nth(4).innerText()).replace('Failed', '').trim();
  expect(reason.length).toBeGreaterThan(5);
  await expect(toast(page, reason)).toBeVisible();

  // Only the first of several dropped files is taken.
  await page.getByTestId('knowledge-drop-zone').evaluate((zone) => {
    const files = new DataTransfer();
    files.items.add(
      new File(['Term dates: school opens on 2 September.'], 'term-dates.txt', { type: 'text/plain' }),
    );
    files.items.add(new File(['# Uniform'], 'uniform.md', { type: 'text/markdown' }));
    zone.dispatchEvent(new DragEvent('drop', { dataTransfer: files, bubbles: true, cancelable: true }));
  });
  await expect(page.getByText('term-dates.txt')).toBeVisible();
  await expect(page.getByText('uniform.md')).toHaveCount(0);
  await page.getByRole('button', { name: 'Remove term-dates.txt' }).click();

  // The threshold slider: 0.5 to 1 by 0.05, from 0.7.
  const slider = page.getByRole('slider', { name: 'Similarity threshold' });
  await expect(slider).toHaveValue('0.7');
  await slider.press('ArrowRight');
  await expect(slider).toHaveValue('0.75');
  await slider.press('End');
  await expect(slider).toHaveValue('1');
  await slider.press('Home');
  await expect(slider).toHaveValue('0.5');

  await page.getByRole('button', { name: 'Test Search' }).click();
  await expect(page.getByText('Please enter a search query')).toBeVisible();
  await page.getByLabel('Search query').fill('zyxwvut quorble');
  await page.getByRole('button', { name: 'Test Search' }).click();
  await expect(
    toast(page, 'No relevant documents found. Try adjusting the similarity threshold.'),
  ).toBeVisible();

  // Tabs by keyboard; the open tab is in the address, so it survives a reload.
  await page.getByRole('tab', { name: 'Documents' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/\?tab=extractions$/);
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/\?tab=chunks$/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Chunk Browser' })).toHaveAttribute('aria-selected', 'true');
  await page.getByPlaceholder('Search in chunk content...').fill('zyxwvut quorble');
  await expect(page.getByText('No chunks found')).toBeVisible();
  await expect(page.getByText('Try adjusting your search or filters')).toBeVisible();
  await expect(page.getByText('Select a chunk to view details')).toBeVisible();
});

test('the chunk browser pages by 50 and attaches a new chunk to the chosen document', async ({
  page,
  request,
}) => {
  const token = await useApiSession(page, request);
  const headers = { authorization: `Bearer ${token}` };
  const upload = await request.post('/api/knowledge/upload', {
    headers,
    multipart: {
      category: 'policies',
      priority: '3',
      document: {
        name: 'uniform-policy.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('Uniform policy.\n\nStudents wear the navy Brightwater sweatshirt on weekdays.'),
      },
    },
  });
  expect(upload.status()).toBe(201);
  for (let i = 1; i <= 55; i++) {
    const res = await request.post('/api/knowledge/chunks', {
      headers,
      data: { chunk_text: `Pagemarker fact number ${i} for the paging check.`, category: 'manual' },
    });
    expect(res.status()).toBe(201);
  }

  await page.goto('/knowledge?tab=chunks');
  await page.getByPlaceholder('Search in chunk content...').fill('Pagemarker fact');
  await expect(page.getByText('Showing 50 of 55 chunks')).toBeVisible();
  await expect(page.getByTestId('chunk-item')).toHaveCount(50);
  await page.getByRole('button', { name: 'Load More' }).click();
  await expect(page.getByText('Showing 55 of 55 chunks')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load More' })).toHaveCount(0);

  // With a document chosen, the new chunk belongs to it.
  await page.getByPlaceholder('Search in chunk content...').fill('');
  await page.getByLabel('Document', { exact: true }).selectOption({ label: 'uniform-policy.txt (Policies)' });
  await expect(page.getByText('Showing 1 of 1 chunks')).toBeVisible();
  await page.getByRole('button', { name: 'Add Chunk' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Knowledge Chunk' });
  await expect(dialog).toContainText('uniform-policy.txt');
  await dialog.getByLabel('Content').fill('On sports days students may wear the house T-shirt instead.');
  await dialog.getByRole('button', { name: 'Create Chunk' }).click();
  await expect(toast(page, 'Knowledge chunk created successfully!')).toBeVisible();
  await expect(page.getByText('Showing 2 of 2 chunks')).toBeVisible();
  await expect(page.getByTestId('chunk-details')).toContainText('uniform-policy.txt');
  await expect(page.getByTestId('chunk-item').filter({ hasText: 'house T-shirt' })).toHaveCount(1);
});
