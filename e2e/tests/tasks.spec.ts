import { expect, test, signInAs } from '../fixtures/auth';
import { createAccount, expectJson, openSession } from '../fixtures/accounts';
import { DEMO_PASSWORD } from '../fixtures/demo-users';
import { DASHBOARD, berlinDay, freshManager, uniqueTitle } from '../fixtures/tasks';

/**
 * Tasks in the browser (SPEC §3 `/tasks/…`, `/`): back office gives the distributor a task in the
 * form, the distributor finds it under "Mir zugewiesen" and in the navbar badge, completes it with
 * the quick status change, and back office sees it done under "Von mir vergeben". Every step
 * searches for the task's own title, so other tests' tasks never matter.
 */
test('a task for a colleague: assigned, badge, completed, seen done by its creator', async ({ page, browser, api }) => {
  test.slow();
  const distributorApi = await openSession(api, 'distributor');
  const { user: colleague } = await expectJson<{ user: { firstName: string; lastName: string; email: string } }>(
    await distributorApi.get('/api/v1/auth/me/'),
    200,
  );
  const title = uniqueTitle('Rahmenvertrag nachfassen');

  // Back office creates the task in the form, with the type-ahead assignee picker.
  await signInAs(page, 'backoffice');
  await page.goto('/tasks/neu/');
  await page.getByLabel('Titel').fill(title);
  await page.getByLabel('Beschreibung').fill('Bitte bis Ende der Woche beim Kunden nachfassen.');
  await page.getByLabel('Priorität').selectOption('high');
  await page.getByLabel('Fällig am').fill(berlinDay(2));
  await page.getByLabel('Person suchen').fill(colleague.email);
  const assignee = page.getByLabel('Zugewiesen an');
  const option = `${colleague.firstName} ${colleague.lastName} (${colleague.email})`;
  await expect(assignee.locator('option', { hasText: option })).toHaveCount(1);
  await assignee.selectOption({ label: option });
  await page.getByRole('button', { name: 'Aufgabe anlegen' }).click();
  await expect(page.getByText(`Die Aufgabe „${title}“ wurde angelegt.`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveURL(/\/tasks\/[0-9a-f-]{36}\/$/);

  // The colleague, in a browser of their own.
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    extraHTTPHeaders: { 'x-forwarded-for': api.ip },
  });
  const colleaguePage = await context.newPage();
  await signInAs(colleaguePage, 'distributor');
  await colleaguePage.goto(`/tasks/?q=${encodeURIComponent(title)}`);
  await expect(colleaguePage.getByRole('link', { name: 'Mir zugewiesen' })).toHaveAttribute('aria-current', 'page');
  const row = colleaguePage.getByRole('row', { name: new RegExp(title) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Hoch');
  const badge = colleaguePage.getByTestId('tasks-badge');
  await expect(badge).toBeVisible();
  const openBefore = Number(await badge.getAttribute('data-count'));
  expect(openBefore).toBeGreaterThanOrEqual(1);
  // The badge counts what the dashboard counts.
  const board = await expectJson<{ tasks: { openCount: number } }>(await distributorApi.get(DASHBOARD), 200);
  expect(board.tasks.openCount).toBeGreaterThanOrEqual(1);

  // Completed with the quick status change, without leaving the list.
  const status = row.getByRole('combobox', { name: `Status von „${title}“` });
  await status.selectOption('done');
  await expect(colleaguePage.getByText(`Status von „${title}“: Erledigt.`)).toBeVisible();
  // The tab shows what needs doing (issue 26): the done task leaves it; "Alle Status" shows it again.
  await expect(row).toHaveCount(0);
  await colleaguePage.getByLabel('Status', { exact: true }).selectOption('all');
  await expect(colleaguePage).toHaveURL(/status=all/);
  await expect(row.getByRole('combobox', { name: `Status von „${title}“` })).toHaveValue('done');
  await context.close();

  // The creator sees it done under "Von mir vergeben".
  await page.goto(`/tasks/?view=delegated&status=all&q=${encodeURIComponent(title)}`);
  await expect(page.getByRole('link', { name: 'Von mir vergeben' })).toHaveAttribute('aria-current', 'page');
  const delegated = page.getByRole('row', { name: new RegExp(title) });
  await expect(delegated.getByRole('combobox', { name: `Status von „${title}“` })).toHaveValue('done');
  await expect(delegated).toContainText(`${colleague.firstName} ${colleague.lastName}`);

  // Its page shows the completion; the creator edits it in place (the form loads on "Bearbeiten").
  await delegated.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId('task-form')).toHaveCount(0);
  await page.getByTestId('edit-task').click();
  const priority = page.getByTestId('task-form').getByLabel('Priorität');
  await expect(page.getByTestId('task-form').getByLabel('Titel')).toBeFocused();
  await expect(priority).toHaveValue('high');
  await priority.selectOption('low');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Die Aufgabe wurde gespeichert.')).toBeVisible();
  await expect(page.getByTestId('task-form')).toHaveCount(0);
  await expect(page.getByRole('definition').filter({ hasText: 'Niedrig' })).toBeVisible();

  // The history shows all three changes.
  await page.getByRole('link', { name: 'Historie' }).last().click();
  await expect(page.getByTestId('task-history').locator('tr[data-action]')).toHaveCount(3);
});

test('an overdue task is highlighted and the dashboard links to it', async ({ page, api }) => {
  const backoffice = await openSession(api, 'backoffice');
  const account = await createAccount(backoffice, 'Aufgabenkonto');
  const title = uniqueTitle('Überfällige Aufgabe');
  await expectJson(
    await backoffice.post('/api/v1/tasks/', {
      title,
      assigneeId: backoffice.userId,
      accountId: account.id,
      dueDate: berlinDay(-1),
    }),
    201,
  );
  await signInAs(page, 'backoffice');
  await page.goto(`/tasks/?view=todo&q=${encodeURIComponent(title)}`);
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toHaveClass(/table-danger/);
  await expect(row.getByTestId('overdue')).toHaveText('überfällig');

  // The account's Aufgaben tab lists it too.
  await page.goto(`/accounts/${account.id}/?tab=tasks`);
  await expect(page.getByRole('link', { name: 'Aufgaben', exact: true }).last()).toHaveAttribute(
    'aria-current',
    'page',
  );
  const accountRow = page.getByTestId('account-tasks').getByRole('row', { name: new RegExp(title) });
  await expect(accountRow).toHaveClass(/table-danger/);
  // Its quick status change loads with the tab (not with the account's overview) and works there.
  await accountRow.getByRole('combobox', { name: `Status von „${title}“` }).selectOption('in_progress');
  await expect(page.getByText(`Status von „${title}“: In Bearbeitung.`)).toBeVisible();

  // A new task from the tab is about that account already.
  await page.getByRole('link', { name: 'Aufgabe zu diesem Konto' }).click();
  await expect(page.getByLabel('Konto', { exact: true })).toHaveValue(account.id);

  await page.goto('/');
  await expect(page.getByTestId('dashboard-tasks-summary')).toContainText('überfällig');
  await expect(page.getByRole('img', { name: /Konten nach Status/ })).toBeVisible();
  await page.getByTestId('dashboard-tasks').getByRole('link', { name: 'Überfällige ansehen' }).click();
  await expect(page).toHaveURL(/\/tasks\/\?due=overdue$/);
});

/** Words of the German catalogue that must not appear anywhere on the English pages. */
const GERMAN =
  /Aufgabe|Offen|Erledigt|Fällig|überfällig|zugewiesen|Konten|Freigabe|Änderung|Dokument|Willkommen|Priorität/;

test('a new user sees where to start, and the English dashboard and task list speak English', async ({ page, api }) => {
  const admin = await openSession(api, 'admin');
  const { user, session } = await freshManager(api, admin, 'Englisch', { locale: 'en' });
  await signInAs(page, user.email, DEMO_PASSWORD);
  await page.goto('/');
  await expect(page.getByTestId('dashboard-empty')).toContainText('Welcome!');
  await expect(page.getByRole('link', { name: 'Create your first task' })).toBeVisible();
  await expect(page.getByRole('img', { name: /accounts by status/i })).toBeVisible();
  await expect(page.locator('main')).not.toContainText(GERMAN);

  const title = uniqueTitle('Late task');
  await expectJson(await session.post('/api/v1/tasks/', { title, assigneeId: user.id, dueDate: berlinDay(-1) }), 201);
  await page.goto('/tasks/?view=todo');
  await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText('overdue');
  await expect(page.getByRole('link', { name: 'My to-dos' })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('main')).not.toContainText(GERMAN);
  await page.goto('/');
  await expect(page.getByTestId('dashboard-empty')).toHaveCount(0);
  await expect(page.getByTestId('dashboard-tasks-summary')).toHaveText('1 open task, 1 overdue.');
});
