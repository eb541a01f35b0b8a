import { expect, test } from '../fixtures/auth';
import { signInAs } from '../fixtures/auth';
import { openSession } from '../fixtures/accounts';
import { decide, draftWithActivationRequest } from '../fixtures/approvals';

/**
 * Nobody waits unseen (issue 25): a distributor files an activation request, back office finds it
 * behind the navbar's bell and on /benachrichtigungen/, opens it from there and decides; the
 * distributor's bell then tells them, with the decision, and marking it read clears it.
 */
test('a request filed by a distributor shows in back office’s bell; the decision in the distributor’s', async ({
  page,
  browser,
  api,
}) => {
  test.slow();
  const distributorApi = await openSession(api, 'distributor');
  const backofficeApi = await openSession(api, 'backoffice');
  const { account, approvalId } = await draftWithActivationRequest(distributorApi, 'Glockenreise');

  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    extraHTTPHeaders: { 'x-forwarded-for': api.ip },
  });
  const office = await context.newPage();
  await signInAs(office, 'backoffice');
  await office.goto('/');
  const bell = office.getByTestId('notifications-bell');
  await expect(bell).toBeVisible();
  // The fan-out runs as a job; the bell refreshes in the background, a reload asks at once.
  await expect(async () => {
    await office.reload();
    await expect(office.getByTestId('notifications-badge')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await bell.click();
  await expect(office).toHaveURL(/\/benachrichtigungen\/$/);
  await expect(office.getByRole('heading', { level: 1, name: /Benachrichtigungen/ })).toBeVisible();
  const entry = office.getByTestId('notification').filter({ hasText: account.name });
  await expect(entry).toContainText('Freigabe angefragt');
  await entry.getByRole('link', { name: new RegExp(account.name) }).click();
  await expect(office).toHaveURL(new RegExp(`/freigaben/${approvalId}/$`));
  await decide(backofficeApi, approvalId, 'approve', 'Passt, Vertrag geprüft.');
  await context.close();

  await signInAs(page, 'distributor');
  await expect(async () => {
    await page.goto('/benachrichtigungen/');
    await expect(page.getByTestId('notification').filter({ hasText: account.name })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  const told = page.getByTestId('notification').filter({ hasText: account.name });
  await expect(told).toContainText('freigegeben');
  await expect(told).toContainText('Passt, Vertrag geprüft.');
  await expect(page.getByTestId('notifications-badge')).toBeVisible();
  await told.getByRole('button', { name: 'Als gelesen markieren' }).click();
  await expect(told.getByRole('button', { name: 'Als gelesen markieren' })).toHaveCount(0);
  await expect(told).not.toHaveAttribute('data-unread', 'true');
});
