import { expect, test, type Page } from '@playwright/test';
import { adminApi, anyChildHas, NO_LEAD_BY_RULES, seedLead, seedSegment } from '../support/seed';
import { useApiSession } from '../support/session';

const card = (page: Page, name: string) =>
  page.getByTestId('segment-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

test('a clone of a slug-named segment is named and shown with spaces, as its original is', async ({
  page,
  request,
}) => {
  const api = await adminApi(request, await useApiSession(page, request));
  const original = await seedSegment(api, { name: 'adhd-families', inclusion_rules: anyChildHas('ADHD') });
  const clone = `${original.shownName} (Copy)`;
  await page.goto('/segments');
  await expect(card(page, original.shownName)).toBeVisible();

  await page.getByRole('button', { name: `Clone ${original.shownName}`, exact: true }).click();
  const cloner = page.getByRole('dialog', { name: 'Clone Segment' });
  await expect(cloner.getByLabel('New segment name')).toHaveValue(clone);
  await cloner.getByRole('button', { name: 'Clone Segment' }).click();
  await expect(card(page, clone)).toBeVisible();
  await expect(page.getByRole('heading', { name: `${original.name} (Copy)` })).toHaveCount(0);

  await page.getByRole('button', { name: `Delete ${clone}`, exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Delete Segment' })
    .getByRole('button', { name: 'Delete Segment' })
    .click();
  await expect(card(page, clone)).toHaveCount(0);
});

test('Add Leads tells two families with the same parent name apart by their email', async ({
  page,
  request,
}) => {
  const api = await adminApi(request, await useApiSession(page, request));
  const families = ['morgan.first@example.org', 'morgan.second@example.org'];
  for (const [i, email] of families.entries()) {
    await seedLead(api, {
      email,
      parent_name: 'Morgan Samename',
      phone: `(555) 010-717${i}`,
      timeline: 'Next school year',
      children: [{ name: `Kit Samename ${i + 1}`, age: 9, special_needs: ['Dyslexia'] }],
    });
  }
  // A segment no lead matches by its rules, so both families are offered.
  const segment = await seedSegment(api, {
    name: 'Same name check',
    isExactName: true,
    inclusion_rules: NO_LEAD_BY_RULES,
  });

  await page.goto('/segments');
  await page.getByRole('button', { name: 'View leads in Same name check', exact: true }).click();
  const viewer = page.getByRole('dialog', { name: 'Same name check' });
  await viewer.getByRole('button', { name: 'Add Leads' }).click();
  const adder = page.getByRole('dialog', { name: 'Add Leads' });
  await adder.getByLabel('Search available leads').fill('Samename');
  const offered = adder.getByRole('list', { name: 'Available leads' }).getByRole('listitem');
  await expect(offered).toHaveCount(2);
  for (const email of families) {
    await expect(offered.filter({ hasText: 'Morgan Samename' }).filter({ hasText: email })).toHaveCount(1);
  }

  await adder.getByRole('checkbox', { name: /morgan\.second@example\.org/ }).check();
  await adder.getByRole('button', { name: 'Add 1 Lead' }).click();
  await expect(adder).toBeHidden();
  await expect(viewer.getByRole('row').filter({ hasText: 'morgan.second@example.org' })).toHaveCount(1);
  await expect(viewer.getByRole('row').filter({ hasText: 'morgan.first@example.org' })).toHaveCount(0);

  expect((await request.delete(`/api/segments/${segment.id}`, { headers: api.headers })).ok()).toBe(true);
});
