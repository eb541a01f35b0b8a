import { randomUUID } from 'node:crypto';
import { expect, test, signInAs } from '../fixtures/auth';
import { accountByName, createAccount, expectJson, openSession } from '../fixtures/accounts';
import { activeAccount, draftWithActivationRequest } from '../fixtures/approvals';
import { expectBulkOutcome, runBulkAction, selectTwoPages } from '../fixtures/bulk';
import { DOCUMENTS, documentPath, listDocuments, pdfBytes, upload } from '../fixtures/documents';
import { ifMatch, uniqueTitle } from '../fixtures/tasks';
import { inviteUser, userPath } from '../fixtures/users';

/**
 * One journey per list kind beyond the tasks (`bulk.spec.ts`): six rows of the test's own, made
 * through the API under a unique name, selected across two pages of five, one action, and the
 * per-row result: the summary, the failed row still selected and, where it is still listed, its
 * reason beside it. Each journey makes its own rows, so it passes again against the same deployment.
 */

const MUELLER = 'Müller Logistik GmbH';
const listUrl = (path: string, q: string, extra = '') => `${path}?perPage=5&q=${encodeURIComponent(q)}${extra}`;

test('whitelist: set "gültig bis" on two pages; an entry deleted meanwhile is reported', async ({ page, api }) => {
  const admin = await openSession(api, 'admin');
  const mueller = await accountByName(admin, MUELLER);
  const tag = `sammel-${randomUUID().slice(0, 8)}`;
  const entries: { id: string; version: number }[] = [];
  for (let index = 0; index < 6; index += 1) {
    const entry = await expectJson<{ id: string; version: number }>(
      await admin.post('/api/v1/whitelist/', { accountId: mueller.id, value: `${tag}-${index}@example.com` }),
      201,
    );
    entries.push(entry);
  }
  await signInAs(page, 'backoffice');
  await selectTwoPages(page, listUrl('/whitelist/', tag), 6);
  const gone = entries[0]!;
  expect((await admin.delete(`/api/v1/whitelist/${gone.id}/`, ifMatch(gone.version))).status()).toBe(204);
  await runBulkAction(page, 'Gültig bis setzen', 6, (dialog) =>
    dialog.getByLabel('Gültig bis (leer: unbegrenzt)').fill('2031-12-31'),
  );
  await expectBulkOutcome(page, { ok: 5, failed: 1 });
});

test('documents: set the category on two pages; a document deleted meanwhile is reported', async ({ page, api }) => {
  const admin = await openSession(api, 'admin');
  const mueller = await accountByName(admin, MUELLER);
  const title = uniqueTitle('Sammeldokument');
  const documents: { id: string; version: number }[] = [];
  for (let index = 0; index < 6; index += 1) {
    const document = await expectJson<{ id: string; version: number }>(
      await upload(
        admin,
        DOCUMENTS,
        { title: `${title} ${index}`, category: 'contract', accountId: mueller.id, description: '' },
        { name: 'sammel.pdf', type: 'application/pdf', content: pdfBytes(title) },
      ),
      201,
    );
    documents.push(document);
  }
  await signInAs(page, 'backoffice');
  await selectTwoPages(page, listUrl('/dokumente/', title), 6);
  const gone = documents[0]!;
  expect((await admin.delete(documentPath(gone.id), ifMatch(gone.version))).status()).toBe(204);
  await runBulkAction(page, 'Kategorie setzen', 6, (dialog) =>
    dialog.getByLabel('Neue Kategorie').selectOption('invoice'),
  );
  await expectBulkOutcome(page, { ok: 5, failed: 1 });
  const after = await listDocuments(admin, { q: title });
  expect(after.items.map((item) => item.category)).toEqual(Array(5).fill('invoice'));
});

test('users: resend invitations on two pages; one just resent meets the throttle', async ({ page, api }) => {
  const admin = await openSession(api, 'admin');
  const mueller = await accountByName(admin, MUELLER);
  const label = uniqueTitle('Sammeleinladung');
  const users = [];
  for (let index = 0; index < 6; index += 1) {
    users.push(await inviteUser(admin, `${label} ${index}`, { accountId: mueller.id }));
  }
  await signInAs(page, 'backoffice');
  await selectTwoPages(page, listUrl('/benutzer/', label), 6);
  // The last one (page 2) was sent again a moment ago: the per-user throttle refuses it.
  expect((await admin.post(userPath(users[5]!.id, 'resend-invitation'), {})).status()).toBeLessThan(300);
  await runBulkAction(page, 'Einladung erneut senden', 6);
  await expectBulkOutcome(page, { ok: 5, failed: 1, reason: 'inzwischen geändert oder nicht möglich' });
});

test('accounts: request archive on two pages; a draft cannot be archived and says so', async ({ page, api }) => {
  test.slow();
  const [admin, backoffice] = await Promise.all([openSession(api, 'admin'), openSession(api, 'backoffice')]);
  const label = uniqueTitle('Sammelkonto');
  for (let index = 0; index < 5; index += 1) await activeAccount(backoffice, admin, `${label} ${index}`);
  await createAccount(backoffice, `${label} 5`);
  await signInAs(page, 'backoffice');
  await selectTwoPages(page, listUrl('/accounts/', label, '&sort=name'), 6);
  await runBulkAction(page, 'Archivierung beantragen', 6);
  await expectBulkOutcome(page, { ok: 5, failed: 1, reason: 'nicht möglich' });
});

test('approvals: approve on two pages; the own request stays (four eyes)', async ({ page, api }) => {
  test.slow();
  const [admin, backoffice] = await Promise.all([openSession(api, 'admin'), openSession(api, 'backoffice')]);
  const label = uniqueTitle('Sammelfreigabe');
  for (let index = 0; index < 5; index += 1) await draftWithActivationRequest(admin, `${label} ${index}`);
  // Requested last, so listed last (oldest first): on page 2 beside the reason.
  await draftWithActivationRequest(backoffice, `${label} 5`);
  await signInAs(page, 'backoffice');
  await selectTwoPages(page, listUrl('/freigaben/', label, '&status=pending'), 6);
  await runBulkAction(page, 'Freigeben', 6);
  // The five approved ones leave the pending list: page 2 is past its end, the list shows page 1.
  await expectBulkOutcome(page, { ok: 5, failed: 1, reason: 'keine Berechtigung' });
  await expect(page).not.toHaveURL(/page=2/);
});
