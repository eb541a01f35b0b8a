import { randomUUID } from 'node:crypto';
import { expect, test, type ApiClient } from '../fixtures/api';
import { expectJson, openSession } from '../fixtures/accounts';
import { decide } from '../fixtures/approvals';
import { DEMO_PASSWORD, demoUser } from '../fixtures/demo-users';
import { getUser, userByEmail, userPath } from '../fixtures/users';

/**
 * Erasure reaches the stored import reports (issue 49, GDPR Art. 17): a user import's report names the
 * invited people by address (its preview) and, run again, by its "exists" rows; once a person is
 * erased, their address and name are in neither report — the other person's row stays as it was.
 */

const USERS_IMPORT = '/api/v1/users/import/';

interface StoredImport {
  report: {
    issues: { line: number; severity: string; value: string }[];
    preview: { line: number; label: string; detail: string }[];
  };
}

async function importUsers(api: ApiClient, csv: string): Promise<{ id: string | null; imported: number }> {
  const tokens = await api.login(demoUser('admin').email, DEMO_PASSWORD);
  return expectJson(
    await api.post(USERS_IMPORT, {
      headers: { authorization: `Bearer ${tokens.id_token}`, 'content-type': 'text/csv' },
      data: Buffer.from(csv),
    }),
    200,
  );
}

test('an approved erasure replaces the person’s address and name in stored import reports', async ({ api }) => {
  const [admin, backoffice] = await Promise.all([openSession(api, 'admin'), openSession(api, 'backoffice')]);
  const t = `t${randomUUID().slice(0, 8)}`;
  const lastName = `Tilgbar${t}`;
  const erasedEmail = `ida.${t}@example.com`;
  const otherEmail = `otto.${t}@example.com`;
  const header = 'E-Mail;Vorname;Nachname;Rolle;Konto;Sprache';
  const first = await importUsers(api, [header, `${erasedEmail};Ida;${lastName};distributor;;de`].join('\n'));
  // Run again with one more row: the stored report names the first person as existing.
  const second = await importUsers(
    api,
    [header, `${erasedEmail};Ida;${lastName};distributor;;de`, `${otherEmail};Otto;Bleibt${t};distributor;;de`].join(
      '\n',
    ),
  );
  expect([first.imported, second.imported]).toEqual([1, 1]);
  const stored = async (id: string | null) =>
    (await expectJson<StoredImport>(await admin.get(`/api/v1/imports/${id}/`), 200)).report;
  expect((await stored(first.id)).preview).toEqual([
    { line: 2, label: erasedEmail, detail: expect.stringContaining(`Ida ${lastName}`) },
  ]);
  expect((await stored(second.id)).issues).toEqual([
    expect.objectContaining({ line: 2, severity: 'exists', value: erasedEmail }),
  ]);

  const person = await userByEmail(admin, erasedEmail);
  const request = await expectJson<{ id: string }>(
    await admin.post(userPath(person.id, 'erasure'), { reason: 'Art. 17' }),
    201,
  );
  expect((await decide(backoffice, request.id, 'approve', 'Geprüft')).status).toBe('approved');
  const erased = await getUser(admin, person.id);

  const firstAfter = await stored(first.id);
  const secondAfter = await stored(second.id);
  for (const report of [firstAfter, secondAfter]) {
    const text = JSON.stringify(report);
    expect(text).not.toContain(erasedEmail);
    expect(text).not.toContain(lastName);
    expect(text).not.toContain('Ida');
  }
  expect(firstAfter.preview).toEqual([
    { line: 2, label: erased.email, detail: expect.stringMatching(/^Gelöschte Person [0-9A-F]{4} · /) },
  ]);
  expect(secondAfter.issues).toEqual([expect.objectContaining({ line: 2, severity: 'exists', value: erased.email })]);
  // The other person's row is untouched.
  expect(secondAfter.preview).toEqual([
    { line: 3, label: otherEmail, detail: expect.stringContaining(`Otto Bleibt${t}`) },
  ]);
});
