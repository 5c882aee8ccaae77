import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { EXPIRED_DOWNLOAD_LINK } from '../support/download-links';
import { adminApi, anyChildHas, seedSegment } from '../support/seed';
import { useApiSession } from '../support/session';

const PARENT = {
  name: 'Avery Enrolment',
  email: 'avery.enrolment@example.org',
  phone: '(555) 010-6060',
  children: [
    { name: 'Sky Enrolment', age: '7', need: 'Autism / ASD' },
    { name: 'Rain Enrolment', age: '10', need: 'ADHD / ADD' },
  ],
};
const RESOURCE = 'Starting school with autism';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const CHECKLIST = 'Week one checklist:\n- visit the classroom\n- meet the therapist\n';

async function dashboardCount(page: Page, label: string): Promise<number> {
  await page.goto('/');
  const card = page.getByTestId('stat-card').filter({ hasText: label });
  await expect(card).toBeVisible();
  return Number((await card.getByTestId('stat-value').innerText()).replace(/\D/g, ''));
}

test('an admin’s resource reaches a parent through the enrolment form, the download link and the welcome email', async ({
  page,
  browser,
  request,
}) => {
  const token = await useApiSession(page, request);
  const autismSupport = await seedSegment(await adminApi(request, token), {
    name: 'autism-support',
    inclusion_rules: anyChildHas('Autism/ASD'),
  });
  const leadsBefore = await dashboardCount(page, 'Total Leads');
  const downloadsBefore = await dashboardCount(page, 'Resource Downloads');

  // The admin adds a resource with two files for the autism segment (its rules take any child with Autism/ASD).
  await page.goto('/resources');
  await page.getByRole('button', { name: 'Add Resource', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Resource' });
  // Nothing to upload yet: the button waits for files (spec).
  await expect(dialog.getByRole('button', { name: 'Create Resource' })).toBeDisabled();
  await dialog.getByLabel('Title').fill(RESOURCE);
  await dialog.getByLabel('Description').fill('What the first week looks like, and how to prepare');
  await dialog.getByLabel('Files', { exact: true }).setInputFiles([
    { name: 'first-week-guide.pdf', mimeType: 'application/pdf', buffer: PDF },
    { name: 'week-one-checklist.txt', mimeType: 'text/plain', buffer: Buffer.from(CHECKLIST) },
  ]);
  await expect(dialog.getByRole('list', { name: 'Chosen files' }).getByRole('listitem')).toHaveCount(2);
  await dialog.getByRole('checkbox', { name: new RegExp(autismSupport.shownName) }).check();
  await dialog.getByRole('button', { name: 'Create Resource' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('article', { name: RESOURCE });
  await expect(row).toContainText('2 files');
  await expect(row).toContainText(autismSupport.shownName);

  // A parent, signed out, enrols two children: one with autism puts the lead in that segment.
  const parentContext = await browser.newContext({ acceptDownloads: true });
  const parent = await parentContext.newPage();
  await parent.goto('/enroll');
  await expect(parent.getByRole('heading', { name: 'Enrollment Inquiry' })).toBeVisible();
  await parent.getByRole('button', { name: 'Submit & Get Resources' }).click();
  await expect(parent.getByText('Parent name is required')).toBeVisible();
  await parent.getByLabel('Parent/Guardian Name').fill(PARENT.name);
  await parent.getByLabel('Email Address').fill(PARENT.email);
  await parent.getByLabel('Phone Number').fill(PARENT.phone);
  await parent.getByLabel('Yes, text me helpful resources and updates').check();
  await parent.getByRole('button', { name: '+ Add Another Child' }).click();
  for (const [i, child] of PARENT.children.entries()) {
    await parent.getByLabel(`Child ${i + 1} Name`).fill(child.name);
    await parent.getByLabel(`Child ${i + 1} Age`).fill(child.age);
    await parent
      .getByRole('group', { name: `Child ${i + 1} Special Needs` })
      .getByLabel(child.need)
      .check();
  }
  await parent.getByLabel('Enrollment Timeline').selectOption('Immediately');
  await parent.getByLabel('Biggest Concerns').fill('Loud lunch halls');
  await parent.getByRole('button', { name: 'Submit & Get Resources' }).click();

  // The thank-you page offers the resource; its link lists both files; one downloads.
  await expect(parent.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  await expect(parent.getByRole('heading', { name: 'What Happens Next?' })).toBeVisible();
  await expect(parent.getByRole('heading', { name: RESOURCE })).toBeVisible();
  const link = parent.getByRole('link', { name: 'Download Now' }).first();
  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(/^\/api\/resources\/download\//);
  const listing = await parentContext.newPage();
  await listing.goto(href);
  await expect(listing.getByRole('heading', { name: RESOURCE })).toBeVisible();
  const [download] = await Promise.all([
    listing.waitForEvent('download'),
    listing.getByRole('link', { name: 'week-one-checklist.txt' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('week-one-checklist.txt');
  expect(fs.readFileSync(await download.path(), 'utf8')).toBe(CHECKLIST);

  // The welcome email is in the outbox, with the same resource.
  const outbox = await request.get(`/api/outbox?to=${encodeURIComponent(PARENT.email)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const [welcome] = (await outbox.json()).messages as { subject: string; text: string; status: string }[];
  expect(welcome).toMatchObject({ subject: 'Welcome to My Academy', status: 'sent' });
  expect(welcome!.text).toContain(`${RESOURCE}: http`);

  // The dashboard follows: one more lead, one more download.
  expect(await dashboardCount(page, 'Total Leads')).toBe(leadsBefore + 1);
  expect(await dashboardCount(page, 'Resource Downloads')).toBe(downloadsBefore + 1);

  // A link sent a week and a day ago is refused, with a page that says so.
  const expired = await listing.goto(EXPIRED_DOWNLOAD_LINK);
  expect(expired!.status()).toBe(410);
  await expect(listing.getByRole('heading', { name: 'This download link has expired' })).toBeVisible();
  await parentContext.close();
});

test('the enrolment form works on a phone and says what is missing', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const phone = await context.newPage();
  await phone.goto('/enroll');
  await phone.getByLabel('Parent/Guardian Name').fill('Jo Phone');
  await phone.getByLabel('Email Address').fill('jo.phone@example');
  await phone.getByLabel('Phone Number').fill('555-1234');
  await phone.getByRole('button', { name: 'Submit & Get Resources' }).click();
  await expect(phone.getByText('Please enter a valid email address')).toBeVisible();
  await expect(phone.getByText('Please enter a valid phone number (at least 10 digits)')).toBeVisible();
  await expect(phone.getByText('Child name is required')).toBeVisible();
  await expect(phone.getByText('Please select a timeline')).toBeVisible();
  // Nothing wider than the screen.
  const width = await phone.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  // The success page without a submission goes back to the form.
  await phone.goto('/enroll/success');
  await expect(phone).toHaveURL(/\/enroll$/);
  await context.close();
});
