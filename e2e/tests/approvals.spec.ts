import { expect, test } from '../fixtures/auth';
import { signInAs } from '../fixtures/auth';
import { createAccount, openSession } from '../fixtures/accounts';
import { listApprovals } from '../fixtures/approvals';

/**
 * Four eyes in the browser (SPEC §3 /freigaben/, §4): a distributor requests activation, back
 * office approves it in the dialog, the account is active, the navbar badge goes down without a
 * reload, and the account's Historie tab shows request and decision.
 */
test('a distributor requests activation, back office approves it in the dialog', async ({ page, browser, api }) => {
  test.slow();
  const distributorApi = await openSession(api, 'distributor');
  const backofficeApi = await openSession(api, 'backoffice');
  const account = await createAccount(distributorApi, 'Freigabereise');

  // The distributor asks for the activation on the account page.
  await signInAs(page, 'distributor');
  await page.goto(`/accounts/${account.id}/`);
  await page.getByRole('button', { name: 'Aktivierung beantragen' }).click();
  await page.getByLabel('Begründung (optional)').fill('Vertrag liegt unterschrieben vor.');
  await page.getByRole('button', { name: 'Antrag einreichen' }).click();
  await expect(page.getByText('Die Aktivierung wurde zur Freigabe eingereicht.')).toBeVisible();
  // A distributor decides nothing: no badge for them.
  await expect(page.getByTestId('approvals-badge')).toHaveCount(0);

  // Back office, in a browser of its own.
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    extraHTTPHeaders: { 'x-forwarded-for': api.ip },
  });
  const office = await context.newPage();
  await signInAs(office, 'backoffice');
  // Other tests file requests too: the search keeps this one on the first page.
  await office.goto(`/freigaben/?q=${encodeURIComponent(account.name)}`);
  const badge = office.getByTestId('approvals-badge');
  await expect(badge).toBeVisible();
  const before = Number(await badge.getAttribute('data-count'));
  expect(before).toBeGreaterThan(0);

  const row = office.getByRole('row').filter({ hasText: account.name });
  await expect(row).toContainText('Kontoaktivierung');
  await expect(row).toContainText('Offen');
  await row.getByRole('button', { name: 'Entscheiden' }).click();
  const dialog = office.getByRole('dialog', { name: `Freigabe entscheiden: ${account.name}` });
  await expect(dialog.getByRole('columnheader', { name: 'Vorher' })).toBeVisible();
  await expect(dialog.getByRole('row', { name: /Status/ })).toContainText('Entwurf');
  await expect(dialog.getByRole('row', { name: /Status/ })).toContainText('Aktiv');
  await dialog.getByLabel('Kommentar').fill('Unterlagen vollständig.');
  // Every answer the badge gets from now on (its refetch after the decision among them).
  const badgeAnswers: number[] = [];
  office.on('response', (response) => {
    if (!response.url().includes('/api/ui/approvals?mine=false&perPage=1')) return;
    void response
      .json()
      .then((body: { total?: number }) => badgeAnswers.push(body.total ?? 0))
      .catch(() => undefined);
  });
  await dialog.getByRole('button', { name: 'Freigeben' }).click();
  await expect(office.getByText('Die Änderung ist freigegeben und angewendet.')).toBeVisible();
  await expect(dialog).toBeHidden();
  // "Offen" is the default filter: the decided request leaves the list.
  await expect(office.getByRole('row').filter({ hasText: account.name })).toHaveCount(0);

  // The badge follows without a reload: the decision makes it ask again, and it shows what that answer
  // says (other tests file and decide requests in parallel, so the number itself is theirs too).
  const waitingAfter = await listApprovals(backofficeApi, { mine: false, perPage: 100 });
  expect(waitingAfter.items.some((item) => item.entityId === account.id)).toBe(false);
  await expect
    .poll(async () => {
      const shown = (await badge.count()) === 0 ? 0 : Number(await badge.getAttribute('data-count'));
      return badgeAnswers.length > 0 && shown === badgeAnswers.at(-1)
        ? 'follows'
        : `${shown} after ${badgeAnswers.join(', ')}`;
    })
    .toBe('follows');

  // The account is active, and its Historie tab tells the story.
  await office.goto(`/accounts/${account.id}/`);
  await expect(office.getByTestId('status-badge').first()).toHaveText('Aktiv');
  await office.getByRole('link', { name: 'Historie', exact: true }).last().click();
  await expect(office).toHaveURL(`/accounts/${account.id}/?tab=history`);
  const history = office.getByTestId('account-history');
  await expect(history.locator('tr[data-entity-type="approval"][data-action="create"]')).toHaveCount(1);
  await expect(history.locator('tr[data-entity-type="approval"][data-action="approve"]')).toContainText('Freigegeben');
  await expect(history.locator('tr[data-entity-type="account"][data-action="status_change"]')).toContainText(
    'Status geändert',
  );
  await context.close();
});

test('a page number typed beyond the counted history shows the deepest page it reaches, and says so', async ({
  page,
}) => {
  await signInAs(page, 'backoffice');
  await page.goto('/historie/?page=9000');
  // 10,000 entries at 20 per page: page 501 is the deepest a page number reaches without "Weiter".
  await expect(page.getByTestId('history-page-clamped')).toContainText('Seite 501 ist die tiefste');
  await expect(page.getByRole('heading', { name: 'Historie' })).toBeVisible();
  await page.goto('/historie/');
  await expect(page.getByTestId('history-page-clamped')).toHaveCount(0);
  await expect(page.getByRole('table')).toBeVisible();
});
