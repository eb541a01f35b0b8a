import { expect, test } from '../fixtures/auth';

/**
 * The global search (issue 27) by keyboard alone: Strg+K opens it anywhere, typing searches
 * (debounced), the arrow keys choose a result (announced as the combobox's active option), Enter
 * opens it, Escape closes the dialog and gives the focus back. Reads only the demo tree of
 * manager@ (Müller Logistik GmbH), which the tests never change.
 */

test.describe('global search', () => {
  test('keyboard only: shortcut, type, arrow to a result, Enter opens it', async ({ page, signIn }) => {
    await signIn('manager');
    await page.goto('/tasks/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await page.keyboard.press('Control+K');
    const dialog = page.getByRole('dialog', { name: 'Globale Suche' });
    await expect(dialog).toBeVisible();
    const combobox = dialog.getByRole('combobox');
    await expect(combobox).toBeFocused();
    await expect(combobox).toHaveAttribute('aria-expanded', 'false');

    // "Mueller" finds "Müller"; the status line (a live region) says how many.
    await page.keyboard.type('mueller logistik');
    await expect(dialog.getByRole('status')).toContainText('Treffer für „mueller logistik“');
    await expect(combobox).toHaveAttribute('aria-expanded', 'true');
    const accounts = dialog.getByRole('group', { name: 'Konten' });
    await expect(accounts.getByRole('option').first()).toContainText('Müller Logistik GmbH');

    await page.keyboard.press('ArrowDown');
    const first = accounts.getByRole('option').first();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(combobox).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) ?? '');
    await expect(combobox).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/accounts\/[0-9a-f-]{36}\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Müller Logistik GmbH');
    await expect(dialog).toBeHidden();
  });

  test('Escape closes it and the focus returns; the navbar field opens it too; a foreign account is not found', async ({
    page,
    signIn,
  }) => {
    await signIn('manager');
    await page.goto('/');
    const trigger = page.getByRole('button', { name: /Suchen/ });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Globale Suche' });
    const combobox = dialog.getByRole('combobox');
    await expect(combobox).toBeFocused();
    await page.keyboard.type('a');
    await expect(dialog.getByRole('status')).toHaveText('Bitte mindestens 2 Zeichen eingeben.');
    // Bäckerei Hansen KG is vertrieb@'s, outside manager@'s tree.
    await page.keyboard.press('Backspace');
    await page.keyboard.type('baeckerei hansen');
    await expect(dialog.getByRole('status')).toContainText('Keine Treffer');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });
});
