import { expect, test, signInAs } from '../fixtures/auth';
import { accountPath, expectJson, openSession } from '../fixtures/accounts';
import { activeAccount, decide, type ChangeList } from '../fixtures/approvals';
import { createTask, ifMatch, taskPath, uniqueTitle, type TaskRecord } from '../fixtures/tasks';

/**
 * Issue 51 in the browser: an account's old benefits as of a date, "Diesen Stand wiederherstellen",
 * the benefit change filed for the second pair of eyes (four eyes as for an edit), decided by the
 * back office in its own browser, and the old benefits back on the account's page.
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

test('restore an account’s old benefits from a date, through the approval', async ({ page, api, browser }) => {
  const [admin, backoffice] = await Promise.all([openSession(api, 'admin'), openSession(api, 'backoffice')]);
  const account = await activeAccount(admin, backoffice, 'Zurück im Browser', {
    benefits: [{ code: 'sachbezug', amountCents: 4000, unit: 'month' }],
  });
  // The moment to go back to, a second after the old benefits were in force (the form has seconds).
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
  const benefits = page.locator('#benefits');
  await expect(benefits).toContainText('50,00');
  await page.locator('#as-of-input').fill(berlinInput(then));
  await page.getByRole('button', { name: 'Anzeigen' }).click();
  const view = page.getByTestId('as-of-view');
  await expect(view.locator('tr[data-field="benefits"]')).toContainText('sachbezug: 40.00 €');

  await view.getByRole('button', { name: 'Diesen Stand wiederherstellen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Diesen Stand wiederherstellen?' });
  await expect(dialog).toContainText('als Antrag eingereicht');
  await dialog.getByRole('button', { name: 'Wiederherstellen' }).click();
  await expect(
    page.getByText('Stand wiederhergestellt; was eine Freigabe braucht, wartet auf die zweite Person.'),
  ).toBeVisible();
  await expect(page).not.toHaveURL(/asOf=/);
  // Filed, not applied: the benefits stay until the second person decides.
  await expect(benefits).toContainText('50,00');

  // The back office decides in its own browser.
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    extraHTTPHeaders: { 'x-forwarded-for': api.ip },
  });
  try {
    const office = await context.newPage();
    await signInAs(office, 'backoffice');
    await office.goto(`/freigaben/?q=${encodeURIComponent(account.name)}`);
    const row = office.getByRole('row').filter({ hasText: account.name });
    await row.getByRole('button', { name: 'Entscheiden' }).click();
    const decision = office.getByRole('dialog', { name: `Freigabe entscheiden: ${account.name}` });
    await decision.getByLabel('Kommentar').fill('Alter Stand gilt wieder.');
    await decision.getByRole('button', { name: 'Freigeben' }).click();
    await expect(office.getByText('Die Änderung ist freigegeben und angewendet.')).toBeVisible();
  } finally {
    await context.close();
  }

  await page.reload();
  await expect(benefits).toContainText('40,00');
  await expect(benefits).not.toContainText('50,00');
});

test('from a history entry: the state before it, restored at once', async ({ page, api }) => {
  const manager = await openSession(api, 'manager');
  const title = uniqueTitle('Vorher');
  const task = await createTask(manager, { title, assigneeId: manager.userId });
  await expectJson<TaskRecord>(
    await manager.patch(taskPath(task.id), { title: `${title} geändert` }, ifMatch(task.version)),
    200,
  );
  const history = await expectJson<ChangeList>(await manager.get(`/api/v1/changes/?entityId=${task.id}`), 200);
  const entry = history.items.find((item) => item.action === 'update')!;

  await signInAs(page, 'manager');
  await page.goto(`/historie/${entry.id}/`);
  await page.getByTestId('state-before').click();
  const view = page.getByTestId('as-of-view');
  await expect(view.locator('tr[data-field="title"]')).toContainText(title);
  await view.getByRole('button', { name: 'Diesen Stand wiederherstellen' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Wiederherstellen' }).click();
  await expect(page.getByText('Stand wiederhergestellt.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/tasks/${task.id}/$`));
  await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
});
