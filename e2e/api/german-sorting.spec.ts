import { randomUUID } from 'node:crypto';
import { expect, test } from '../fixtures/api';
import { ACCOUNTS_CSV, createAccount, expectJson, listAccounts, openSession } from '../fixtures/accounts';

/**
 * Names sort as a German reader expects (DIN 5007-1: ä as a, ö as o, ü as u, ß as ss, case second),
 * in the list and in the CSV export alike, on whichever database the server runs (PGlite by
 * default, PostgreSQL with DATABASE_URL): both compare the name columns with ICU's root collation.
 */
test('accounts sort by name in German order in the list and the CSV export', async ({ api }) => {
  const admin = await openSession(api, 'admin');
  const tag = randomUUID().slice(0, 8);
  // Letters decide first with umlauts as their base letters (Bäckerei: c < d of Bader; Ofen: f < l
  // of Öl); only between otherwise equal names does the plain letter come first (Muller, Müller).
  const expected = [
    'Äpfelgarten',
    'Apfelhof',
    'Bäckerei',
    'Bader',
    'Brauerei',
    'Mueller',
    'Muller',
    'Müller',
    'Ofen',
    'Öl',
    'Strasse',
    'Straße',
    'Zoo',
  ];
  for (const word of [...expected].reverse()) {
    await createAccount(admin, '', { name: `${tag} ${word}` });
  }

  const list = await listAccounts(admin, { q: tag, sort: 'name', order: 'asc', perPage: 100 });
  expect(list.items.map((item) => item.name.slice(tag.length + 1))).toEqual(expected);
  const descending = await listAccounts(admin, { q: tag, sort: 'name', order: 'desc', perPage: 100 });
  expect(descending.items.map((item) => item.name.slice(tag.length + 1))).toEqual([...expected].reverse());

  const response = await admin.get(`${ACCOUNTS_CSV}?q=${tag}&sort=name&order=asc`);
  expect(response.status()).toBe(200);
  const csv = await response.text();
  const positions = expected.map((word) => csv.indexOf(`${tag} ${word}`));
  expect(positions.every((position) => position >= 0)).toBe(true);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
});

test('users sort by last name in German order', async ({ api }) => {
  const admin = await openSession(api, 'admin');
  const tag = randomUUID().slice(0, 8);
  const expected = ['Bäcker', 'Bauer', 'Brandt', 'Oberle', 'Ott', 'Öztürk'];
  for (const lastName of [...expected].reverse()) {
    await expectJson(
      await admin.post('/api/v1/users/', {
        email: `${tag}.${lastName
          .normalize('NFD')
          .replace(/[^a-z]/gi, '')
          .toLowerCase()}@example.com`,
        firstName: tag,
        lastName,
        role: 'distributor',
        accountId: null,
        locale: 'de',
      }),
      201,
    );
  }
  const list = await expectJson<{ items: { lastName: string }[] }>(
    await admin.get(`/api/v1/users/?q=${tag}&sort=lastName&order=asc&perPage=100`),
    200,
  );
  expect(list.items.map((user) => user.lastName)).toEqual(expected);
});
