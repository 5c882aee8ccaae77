import { expect, test, type APIRequestContext } from '@playwright/test';
import { seedChat, uniqueTag } from '../support/seed';
import { useApiSession } from '../support/session';

/** A new visitor asks one question through the widget's public API; the chatbot's reply. */
async function ask(request: APIRequestContext, question: string): Promise<string> {
  const visit = await request.post('/widget/visits', { data: {} });
  const { visitor_id } = (await visit.json()) as { visitor_id: string };
  const start = await request.post('/widget/conversations', { data: { visitor_id } });
  const { conversation } = (await start.json()) as { conversation: { id: string } };
  const sent = await request.post(`/widget/conversations/${conversation.id}/messages`, {
    data: { visitor_id, content: question },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  return ((await sent.json()) as { message: { content: string } }).message.content;
}

test('a question the chatbot could not answer is listed, answered from there, and the chatbot then uses the answer', async ({
  page,
  request,
}) => {
  await useApiSession(page, request);
  // A subject no document of this run mentions.
  const word = `Zorbing${uniqueTag()}`;
  const question = `Do you offer ${word} lessons?`;
  const before = await ask(request, question);
  expect(before).not.toContain('Thursday');
  await seedChat(request, [question]); // asked twice: counted twice

  await page.goto('/analytics?tab=unanswered');
  const group = page.getByRole('listitem', { name: question });
  await expect(group).toBeVisible();
  await expect(group).toContainText('Asked 2 times');

  await group.getByRole('button', { name: 'Add an answer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Knowledge Chunk' });
  const content = dialog.getByLabel('Content');
  await expect(content).toHaveValue(`${question}\n`);
  await content.press('End');
  await content.pressSequentially(
    `Yes. ${word} lessons run every Thursday afternoon for pupils aged 7 to 11, with a trained instructor.`,
  );
  await dialog.getByRole('button', { name: 'Create Chunk' }).click();
  await expect(page.getByText('Knowledge chunk created successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();

  // A parent asking the same thing now gets the school's answer.
  const after = await ask(request, question);
  expect(after).toContain('Thursday afternoon');
});
