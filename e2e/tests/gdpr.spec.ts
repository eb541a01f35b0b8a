import { expect, test } from '../fixtures/auth';
import { signInAs } from '../fixtures/auth';
import { openSession } from '../fixtures/accounts';
import { activatedUser } from '../fixtures/users';

/**
 * Issue 29: an administrator requests a person's erasure on the user's page, back office approves
 * it in the approvals dialog, and the user's page then shows the pseudonym and nothing of the
 * old name or e-mail address.
 */
test('erasure: requested on the user page, approved by a second person, the user shows as the pseudonym', async ({
  page,
  browser,
  api,
}) => {
  test.slow();
  const admin = await openSession(api, 'admin');
  const lastName = `Vergessen${Date.now().toString(36)}`;
  const person = await activatedUser(api, admin, 'Journey', { firstName: 'Greta', lastName });

  await signInAs(page, 'admin');
  await page.goto(`/benutzer/${person.user.id}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Greta ${lastName}`);
  await expect(page.getByTestId('user-data-export')).toHaveAttribute(
    'href',
    `/api/ui/users/${person.user.id}/data-export/`,
  );
  await page.getByRole('button', { name: 'Löschung beantragen (DSGVO)' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('durch ein Pseudonym ersetzt');
  await confirm.getByRole('button', { name: 'Löschung beantragen (DSGVO)' }).click();
  await expect(page.getByText(`Die Löschung von Greta ${lastName} ist beantragt`)).toBeVisible();

  // Back office decides, in a browser of its own.
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    extraHTTPHeaders: { 'x-forwarded-for': api.ip },
  });
  const office = await context.newPage();
  await signInAs(office, 'backoffice');
  await office.goto(`/freigaben/?q=${encodeURIComponent(lastName)}`);
  const row = office.getByRole('row').filter({ hasText: lastName });
  await expect(row).toContainText('Löschung (DSGVO)');
  await row.getByRole('button', { name: 'Entscheiden' }).click();
  const dialog = office.getByRole('dialog', { name: `Freigabe entscheiden: Greta ${lastName}` });
  await dialog.getByLabel('Kommentar').fill('Antrag nach Art. 17 geprüft.');
  await dialog.getByRole('button', { name: 'Freigeben' }).click();
  await expect(office.getByText('Die Änderung ist freigegeben und angewendet.')).toBeVisible();

  // The user's page: the pseudonym, no name, no e-mail address; the history names the pseudonym.
  await office.goto(`/benutzer/${person.user.id}/`);
  const heading = office.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/^Gelöschte Person [0-9A-F]{4}$/);
  const pseudonym = (await heading.textContent())!.trim();
  const text = await office.locator('main').innerText();
  expect(text).not.toContain(lastName);
  expect(text).not.toContain(person.email);
  await expect(office.getByTestId('user-history')).toContainText(pseudonym);
  await context.close();
});
