import { randomUUID } from 'node:crypto';
import { expect, test, signInAs } from '../fixtures/auth';
import { accountByName, expectJson, openSession } from '../fixtures/accounts';
import { draftWithActivationRequest } from '../fixtures/approvals';
import { createTask, ifMatch, taskPath, uniqueTitle, type TaskRecord } from '../fixtures/tasks';
import { inviteUser } from '../fixtures/users';

/**
 * Selection and bulk actions in the browser (issue 26): rows selected across two pages (five per
 * page) and a new sort, the count announced, the action confirmed with the count, the summary
 * toast, and the rows that failed still selected with their reason. Every list is searched for
 * rows of the test's own, so other tests' rows never matter.
 */

test('tasks: select across two pages with the keyboard, set the status, a stale row stays selected', async ({
  page,
  api,
}) => {
  test.slow();
  const manager = await openSession(api, 'manager');
  const title = uniqueTitle('Sammelaktion');
  const tasks: TaskRecord[] = [];
  for (let index = 0; index < 7; index += 1) {
    tasks.push(await createTask(manager, { title: `${title} ${index}`, assigneeId: manager.userId }));
  }
  await signInAs(page, 'manager');
  await page.goto(`/tasks/?view=todo&perPage=5&sort=title&q=${encodeURIComponent(title)}`);
  const count = page.getByTestId('bulk-count');
  await expect(count).toHaveText('Nichts ausgewählt');

  // Page 1: the header box selects its five rows.
  await page.getByRole('checkbox', { name: 'Alle Zeilen dieser Seite auswählen' }).check();
  await expect(count).toHaveText('5 ausgewählt');
  await expect(count).toHaveAttribute('role', 'status');
  // Page 2: one more row, by keyboard (Space toggles the box).
  await page
    .getByRole('link', { name: /Seite 2|^2$/ })
    .first()
    .click();
  await expect(page).toHaveURL(/page=2/);
  const sixth = page.getByRole('checkbox', { name: `${title} 5 auswählen` });
  await sixth.focus();
  await page.keyboard.press('Space');
  await expect(sixth).toBeChecked();
  await expect(count).toHaveText('6 ausgewählt');
  // Another sort keeps the selection (Titel descending, back on page 1).
  await page.locator('thead').getByRole('link', { name: /Titel/ }).click();
  await expect(page).toHaveURL(/order=desc/);
  await expect(page.getByRole('checkbox', { name: `${title} 6 auswählen` })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: `${title} 5 auswählen` })).toBeChecked();
  await expect(count).toHaveText('6 ausgewählt');

  // Someone changes one of them meanwhile: that row answers "inzwischen geändert".
  const stale = tasks[0]!;
  await expectJson(await manager.patch(taskPath(stale.id), { priority: 'high' }, ifMatch(stale.version)), 200);

  const action = page.getByRole('button', { name: 'Status setzen (6)' });
  await action.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('6 Einträge');
  await dialog.getByLabel('Neuer Status').selectOption('done');
  await dialog.getByRole('button', { name: 'Status setzen (6)' }).click();
  await expect(page.getByText('5 erledigt, 1 nicht möglich')).toBeVisible();
  await expect(count).toHaveText('1 ausgewählt');

  // The five done leave the not-done list; the stale one stays, selected, with its reason.
  await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(2);
  const staleBox = page.getByRole('checkbox', { name: `${stale.title} auswählen` });
  await expect(staleBox).toBeChecked();
  await expect(page.getByTestId('row-failure')).toContainText('inzwischen geändert');

  // A new filter starts a new selection.
  await page.getByLabel('Priorität', { exact: true }).selectOption('high');
  await expect(count).toHaveText('Nichts ausgewählt');
});

test('whitelist: select all matching across pages and delete them after a confirm naming the count', async ({
  page,
  api,
}) => {
  const admin = await openSession(api, 'admin');
  const mueller = await accountByName(admin, 'Müller Logistik GmbH');
  const tag = `sammel-${randomUUID().slice(0, 8)}`;
  for (let index = 0; index < 7; index += 1) {
    await expectJson(
      await admin.post('/api/v1/whitelist/', { accountId: mueller.id, value: `${tag}-${index}@example.com` }),
      201,
    );
  }
  await signInAs(page, 'backoffice');
  await page.goto(`/whitelist/?perPage=5&q=${tag}`);
  await page.getByRole('button', { name: 'Alle 7 Treffer auswählen' }).click();
  await expect(page.getByTestId('bulk-count')).toHaveText('7 ausgewählt');
  await page.getByRole('button', { name: 'Löschen (7)' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Die 7 ausgewählten Einträge werden unwiderruflich geändert');
  await dialog.getByRole('button', { name: 'Löschen (7)' }).click();
  await expect(page.getByText('7 erledigt', { exact: true })).toBeVisible();
  await expect(page.getByTestId('table-empty')).toBeVisible();
});

test('users, accounts, documents and approvals offer their bulk actions; approvals keep four eyes', async ({
  page,
  api,
}) => {
  test.slow();
  const admin = await openSession(api, 'admin');
  const backoffice = await openSession(api, 'backoffice');
  const label = uniqueTitle('Sammel');
  const mueller = await accountByName(admin, 'Müller Logistik GmbH');
  for (let index = 0; index < 6; index += 1) {
    await inviteUser(admin, `${label} ${index}`, { role: 'manager', accountId: mueller.id });
  }
  const own = await draftWithActivationRequest(backoffice, `${label} eigen`);
  const other = await draftWithActivationRequest(admin, `${label} fremd`);
  await signInAs(page, 'backoffice');

  // Users: two pages, all selected, deactivated.
  await page.goto(`/benutzer/?perPage=5&q=${encodeURIComponent(label)}`);
  await page.getByRole('checkbox', { name: 'Alle Zeilen dieser Seite auswählen' }).check();
  await page
    .getByRole('link', { name: /Seite 2|^2$/ })
    .first()
    .click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole('checkbox', { name: 'Alle Zeilen dieser Seite auswählen' })).not.toBeChecked();
  await page.getByRole('checkbox', { name: 'Alle Zeilen dieser Seite auswählen' }).check();
  await expect(page.getByTestId('bulk-count')).toHaveText('6 ausgewählt');
  await page.getByRole('button', { name: 'Deaktivieren (6)' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deaktivieren (6)' }).click();
  await expect(page.getByText('6 erledigt', { exact: true })).toBeVisible();

  // Approvals: the own request is refused (four eyes) and stays selected with its reason.
  await page.goto(`/freigaben/?status=pending&q=${encodeURIComponent(label)}`);
  await page.getByRole('checkbox', { name: 'Alle Zeilen dieser Seite auswählen' }).check();
  const bar = page.getByTestId('bulk-bar');
  await expect(bar.getByTestId('bulk-count')).toHaveText('2 ausgewählt');
  await page.getByRole('button', { name: 'Freigeben (2)' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Freigeben (2)' }).click();
  await expect(page.getByText('1 erledigt, 1 nicht möglich')).toBeVisible();
  await expect(page.getByTestId('row-failure')).toContainText('keine Berechtigung');
  expect(own.approvalId).not.toBe(other.approvalId);

  // Accounts and documents show their bar to writers.
  await page.goto(`/accounts/?q=${encodeURIComponent(label)}`);
  await expect(page.getByRole('button', { name: 'Archivierung beantragen (0)' })).toBeDisabled();
  await page.goto('/dokumente/');
  await expect(page.getByRole('button', { name: 'Kategorie setzen (0)' })).toBeDisabled();
});
