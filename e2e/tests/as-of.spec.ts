import { expect, test, signInAs } from '../fixtures/auth';
import { accountPath, expectJson, openSession } from '../fixtures/accounts';
import { activeAccount, decide } from '../fixtures/approvals';
import { createTask, uniqueTitle } from '../fixtures/tasks';

/**
 * Issue 51 in the browser: "Stand am …" on an account shows its benefits as they were (the changed
 * field marked, the history verified); a deleted task comes back with the toast's "Rückgängig".
 */

/** A `datetime-local` value of an instant, Berlin time (the form's zone). */
function berlinInput(date: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Berlin',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

test('pick a date on an account and see its old benefits', async ({ page, api }) => {
  const [admin, backoffice] = await Promise.all([openSession(api, 'admin'), openSession(api, 'backoffice')]);
  const account = await activeAccount(admin, backoffice, 'Stand im Browser', {
    benefits: [{ code: 'sachbezug', amountCents: 4000, unit: 'month' }],
  });
  // The moment to look at, a second after the old benefits were in force (the form has seconds).
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const then = new Date();
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const patched = await expectJson<{ approval: { id: string } | null }>(
    await admin.patch(
      accountPath(account.id),
      { benefits: [{ code: 'sachbezug', amountCents: 5000, unit: 'month' }] },
      { 'if-match': `W/"${account.version}"` },
    ),
    200,
  );
  await decide(backoffice, patched.approval!.id, 'approve');

  await signInAs(page, 'admin');
  await page.goto(`/accounts/${account.id}/`);
  await page.locator('#as-of-input').fill(berlinInput(then));
  await page.getByRole('button', { name: 'Anzeigen' }).click();
  const view = page.getByTestId('as-of-view');
  await expect(view).toBeVisible();
  await expect(view.getByTestId('as-of-verified')).toHaveText('Verlauf geprüft');
  const benefits = view.locator('tr[data-field="benefits"]');
  await expect(benefits).toContainText('sachbezug: 40.00 €');
  await expect(benefits.getByTestId('as-of-changed')).toBeVisible();
  await expect(page).toHaveURL(/asOf=/);
});

// FIXME (issue 51): failed in its first run — the toast's "Wiederhergestellt." never showed; not yet investigated.
test('delete a task, press undo, see it back', async ({ page, api }) => {
  const manager = await openSession(api, 'manager');
  const task = await createTask(manager, { title: uniqueTitle('Rückgängig'), assigneeId: manager.userId });
  await signInAs(page, 'manager');
  await page.goto(`/tasks/${task.id}/`);
  await page.getByTestId('task-actions').getByRole('button', { name: 'Löschen' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click();
  const undo = page.getByTestId('toast-action');
  await expect(undo).toHaveText('Rückgängig');
  await expect(page).toHaveURL(/\/tasks\/\?/);
  await undo.click();
  await expect(page.getByText('Wiederhergestellt.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/tasks/${task.id}/$`));
  await expect(page.getByRole('heading', { level: 1, name: task.title })).toBeVisible();
});
