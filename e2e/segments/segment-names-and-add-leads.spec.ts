import { expect, test, type Page } from '@playwright/test';
import { useApiSession } from '../support/session';

const card = (page: Page, name: string) =>
  page.getByTestId('segment-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

test('a clone of a seeded segment is named and shown with spaces, as its original is', async ({
  page,
  request,
}) => {
  await useApiSession(page, request);
  await page.goto('/segments');
  await expect(card(page, 'adhd families')).toBeVisible();

  await page.getByRole('button', { name: 'Clone adhd families', exact: true }).click();
  const cloner = page.getByRole('dialog', { name: 'Clone Segment' });
  await expect(cloner.getByLabel('New segment name')).toHaveValue('adhd families (Copy)');
  await cloner.getByRole('button', { name: 'Clone Segment' }).click();
  await expect(card(page, 'adhd families (Copy)')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'adhd-families (Copy)' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Delete adhd families (Copy)', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Delete Segment' })
    .getByRole('button', { name: 'Delete Segment' })
    .click();
  await expect(card(page, 'adhd families (Copy)')).toHaveCount(0);
});

test('Add Leads tells two families with the same parent name apart by their email', async ({
  page,
  request,
}) => {
  const token = await useApiSession(page, request);
  const headers = { authorization: `Bearer ${token}` };
  const families = ['morgan.first@example.org', 'morgan.second@example.org'];
  for (const [i, email] of families.entries()) {
    const res = await request.post('/api/leads/import/single', {
      headers,
      data: {
        email,
        parent_name: 'Morgan Samename',
        phone: `(555) 010-717${i}`,
        timeline: 'Next school year',
        children: [{ name: `Kit Samename ${i + 1}`, age: 9, special_needs: ['Dyslexia'] }],
      },
    });
    expect(res.status()).toBe(201);
  }
  // A segment no lead matches by its rules, so both families are offered.
  const created = await request.post('/api/segments', {
    headers,
    data: {
      name: 'Same name check',
      inclusion_rules: {
        operator: 'AND',
        conditions: [{ field: 'lead_score', operator: 'less_than', value: 0 }],
      },
    },
  });
  expect(created.status()).toBe(201);
  const segment = (await created.json()).segment as { id: string };

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

  expect((await request.delete(`/api/segments/${segment.id}`, { headers })).ok()).toBe(true);
});
