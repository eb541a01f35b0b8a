import { randomUUID } from 'node:crypto';
import { expect, test } from '../fixtures/api';
import {
  accountByName,
  createAccount,
  expectApiError,
  expectInvalid,
  expectJson,
  openSession,
  type ApiSession,
} from '../fixtures/accounts';
import type { DemoRole } from '../fixtures/demo-users';
import { DOCUMENTS, pdfBytes, upload } from '../fixtures/documents';
import { describeHealth, startHealthSampler } from '../fixtures/health-sampler';

/** Issue 45: no search holds the event loop over 250 ms (see the test). */
const SEARCH_HEALTH_LIMIT_MS = 250;
import { createTask, freshManager } from '../fixtures/tasks';
import { inviteUser } from '../fixtures/users';

/**
 * `GET /api/v1/search?q=` (issue 27) over real HTTP, on whichever database the server runs: the
 * role × reach matrix (a manager or a distributor never finds a record outside their reach) and
 * the German matching rules. Every record carries a tag of this run, and every search names it, so
 * the records of other tests and runs never matter.
 */

const SEARCH = '/api/v1/search/';
const MUELLER = 'Müller Logistik GmbH';

interface Hit {
  id: string;
  label: string;
  detail: string | null;
  href: string;
}
interface SearchResult {
  q: string;
  accounts: Hit[];
  users: Hit[];
  documents: Hit[];
  tasks: Hit[];
  whitelist: Hit[];
}

const search = async (session: ApiSession, q: string) =>
  expectJson<SearchResult>(await session.get(`${SEARCH}?q=${encodeURIComponent(q)}`), 200);
const idsOf = (hits: Hit[]) => hits.map((hit) => hit.id).sort();

async function openAll(api: Parameters<typeof openSession>[0]) {
  const roles = ['admin', 'backoffice', 'distributor', 'manager'] as const;
  const sessions = await Promise.all(roles.map((role) => openSession(api, role)));
  return Object.fromEntries(roles.map((role, index) => [role, sessions[index]!])) as Record<DemoRole, ApiSession>;
}

test.describe('global search API', () => {
  test('finds each kind only within the caller’s reach (role × reach)', async ({ api }) => {
    const s = await openAll(api);
    const tag = `t${randomUUID().slice(0, 8)}`;
    const mueller = await accountByName(s.admin, MUELLER);
    // "Own": in manager@'s tree (and so vertrieb@'s reach); "foreign": a tree of nobody's.
    const own = await createAccount(s.admin, `Süßwaren Müßig ${tag} Eigen`, {
      name: `Süßwaren Müßig ${tag} Eigen`,
      parentId: mueller.id,
    });
    const foreign = await createAccount(s.admin, `Süßwaren Müßig ${tag} Fremd`, {
      name: `Süßwaren Müßig ${tag} Fremd`,
    });
    const ownUser = await inviteUser(s.admin, 'Suche', { lastName: `Müßig ${tag} Eigen`, accountId: own.id });
    const foreignUser = await inviteUser(s.admin, 'Suche', { lastName: `Müßig ${tag} Fremd`, accountId: foreign.id });
    const document = async (accountId: string, title: string) =>
      expectJson<{ id: string }>(
        await upload(
          s.admin,
          DOCUMENTS,
          { title, category: 'contract', accountId, description: '' },
          { name: `vertrag-${tag}.pdf`, type: 'application/pdf', content: pdfBytes(tag) },
        ),
        201,
      );
    const ownDocument = await document(own.id, `Vertrag Müßig ${tag} Eigen`);
    const foreignDocument = await document(foreign.id, `Vertrag Müßig ${tag} Fremd`);
    const whitelist = async (accountId: string, value: string) =>
      expectJson<{ id: string }>(await s.admin.post('/api/v1/whitelist/', { accountId, value }), 201);
    const ownEntry = await whitelist(own.id, `muessig-${tag}-eigen@example.com`);
    const foreignEntry = await whitelist(foreign.id, `muessig-${tag}-fremd@example.com`);
    const adminTask = await createTask(s.admin, { title: `Müßig ${tag} Admin`, assigneeId: s.admin.userId });
    const managerTask = await createTask(s.manager, { title: `Müßig ${tag} Manager`, assigneeId: s.manager.userId });

    const expected: Record<DemoRole, Omit<SearchResult, 'q'>> = {
      admin: {
        accounts: [own, foreign] as unknown as Hit[],
        users: [ownUser, foreignUser] as unknown as Hit[],
        documents: [ownDocument, foreignDocument] as unknown as Hit[],
        tasks: [adminTask, managerTask] as unknown as Hit[],
        whitelist: [ownEntry, foreignEntry] as unknown as Hit[],
      },
      // Admin and back office see every task; the others those they created or were given.
      backoffice: {
        accounts: [own, foreign] as unknown as Hit[],
        users: [ownUser, foreignUser] as unknown as Hit[],
        documents: [ownDocument, foreignDocument] as unknown as Hit[],
        tasks: [adminTask, managerTask] as unknown as Hit[],
        whitelist: [ownEntry, foreignEntry] as unknown as Hit[],
      },
      distributor: {
        accounts: [own] as unknown as Hit[],
        users: [ownUser] as unknown as Hit[],
        documents: [ownDocument] as unknown as Hit[],
        tasks: [] as Hit[],
        whitelist: [ownEntry] as unknown as Hit[],
      },
      manager: {
        accounts: [own] as unknown as Hit[],
        users: [ownUser] as unknown as Hit[],
        documents: [ownDocument] as unknown as Hit[],
        tasks: [managerTask] as unknown as Hit[],
        whitelist: [ownEntry] as unknown as Hit[],
      },
    };

    for (const role of ['admin', 'backoffice', 'distributor', 'manager'] as const) {
      // "Muessig" finds "Müßig" (ü = ue, ß = ss), in any case.
      const result = await search(s[role], `MUESSIG ${tag}`);
      for (const kind of ['accounts', 'users', 'documents', 'tasks', 'whitelist'] as const) {
        expect({ role, kind, ids: idsOf(result[kind]) }).toEqual({ role, kind, ids: idsOf(expected[role][kind]) });
      }
    }

    const hit = (await search(s.manager, `Müßig ${tag}`)).accounts[0]!;
    expect(hit).toEqual({
      id: own.id,
      label: own.name,
      detail: `${own.customerNumber} · Berlin`,
      href: `/accounts/${own.id}/`,
    });
    // A foreign record is not found by any of its fields either: its customer number.
    expect((await search(s.manager, foreign.customerNumber)).accounts).toEqual([]);
    expect(idsOf((await search(s.admin, foreign.customerNumber)).accounts)).toEqual([foreign.id]);
  });

  test('German matching: case, umlauts both ways, ß/ss, best match first, at most 5 per kind', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const tag = `t${randomUUID().slice(0, 8)}`;
    const names = [`${tag} Holzbau Kemüller`, `Mueller ${tag} Bau`, `Müller ${tag} Logistik`, `Alt-Müller ${tag}`];
    const created = new Map<string, string>();
    for (const name of names) created.set(name, (await createAccount(admin, name, { name, city: 'Bremerhaven' })).id);
    const labels = async (q: string) => (await search(admin, q)).accounts.map((hit) => hit.label);

    // Field starts with it > a word starts with it > anywhere; both spellings find both.
    for (const q of [`Müller ${tag}`, `mueller ${tag}`, `MÜLLER ${tag}`]) {
      expect(await labels(q)).toEqual([
        `Mueller ${tag} Bau`,
        `Müller ${tag} Logistik`,
        `Alt-Müller ${tag}`,
        `${tag} Holzbau Kemüller`,
      ]);
    }
    expect(await labels(`Straße ${tag}`)).toEqual([]);
    const street = `Straßenmeisterei ${tag}`;
    await createAccount(admin, street, { name: street });
    expect(await labels(`strassen ${tag}`)).toEqual([street]);
    // Words in different fields: the name and the city.
    expect(await labels(`Müller Bremerhaven ${tag}`)).toHaveLength(4);
    for (let index = 0; index < 3; index += 1) {
      const name = `Müller ${tag} Filiale ${index}`;
      await createAccount(admin, name, { name });
    }
    expect(await labels(`mueller ${tag}`)).toHaveLength(5);
  });

  test('refuses a search shorter than 2 characters and needs a sign-in', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    await expectInvalid(await admin.get(`${SEARCH}?q=a`), 'q');
    await expectInvalid(await admin.get(`${SEARCH}?q=${encodeURIComponent('  a  ')}`), 'q');
    await expectInvalid(await admin.get(SEARCH), 'q');
    await expectInvalid(await admin.get(`${SEARCH}?q=${'x'.repeat(101)}`), 'q');
    await expectInvalid(await admin.get(`${SEARCH}?q=ab%00`), 'q');
    const result = await search(admin, '%_');
    expect(result.q).toBe('%_');
    await expectApiError(await api.get(`${SEARCH}?q=ab`), 401, 'unauthorized');
  });

  // @alone: runs in the fuzz project, with nothing else on the server (playwright.config.ts).
  // Issue 45's 250 ms. The global search ran its five kinds as one statement of up to ~200 ms on
  // PGlite, and a health check can wait behind two statements: a clean-clone CI run measured 267 ms.
  // One statement per kind (the longest ~75 ms): 107–172 ms here.
  test('16 parallel searchers over a manager’s 52,000 whitelist entries delay /api/v1/health/ at most 250 ms @alone', async ({
    api,
  }) => {
    test.setTimeout(240_000);
    const admin = await openSession(api, 'admin');
    const { account, session: manager } = await freshManager(api, admin, 'Suchlast');
    const first = ['anna', 'max', 'lena', 'paul', 'mia', 'vera', 'jonas', 'volker', 'marie', 'elias'];
    const last = ['mueller', 'schmidt', 'weber', 'meyer', 'wagner', 'becker', 'vogel', 'klein'];
    // 52,000 entries in two imports (at most 50,000 rows each), as the red team's manager had.
    for (const [from, to] of [
      [0, 50_000],
      [50_000, 52_000],
    ] as const) {
      const lines = ['value;note'];
      for (let index = from; index < to; index++) {
        lines.push(
          `${first[index % 10]}.${last[(index * 7) % 8]}${index}@${last[(index * 3) % 8]}-v${index % 97}.de;Mitarbeiter ${index}`,
        );
      }
      const imported = await api.post(`/api/v1/whitelist/import/?accountId=${account.id}`, {
        headers: { authorization: `Bearer ${admin.idToken}`, 'content-type': 'text/csv' },
        data: Buffer.from(`${lines.join('\n')}\n`),
        timeout: 120_000,
      });
      expect(imported.status(), await imported.text()).toBe(200);
    }
    // Two-letter and common terms, the red team's "v5" among them; the global search and the list's `q`.
    const terms = ['v5', 'ma', 'de', 'mu', 'an', 'er', '12', 'example', 'mitarbeiter'];
    const found = await search(manager, 'volker');
    expect(found.whitelist).toHaveLength(5);
    const paths = terms.flatMap((term) => [
      `${SEARCH}?q=${encodeURIComponent(term)}`,
      `/api/v1/whitelist/?q=${encodeURIComponent(term)}`,
    ]);
    const health = startHealthSampler(test.info().project.use.baseURL!);
    const statuses: number[] = [];
    const until = Date.now() + 8_000;
    try {
      await Promise.all(
        Array.from({ length: 16 }, async (_, worker) => {
          for (let turn = worker; Date.now() < until; turn += 16) {
            statuses.push((await manager.get(paths[turn % paths.length]!)).status());
          }
        }),
      );
    } finally {
      const summary = await health.stop();
      const said = `${statuses.length} searches; /api/v1/health/: ${describeHealth(summary)}`;
      test.info().annotations.push({ type: 'health beside 16 searchers', description: said });
      console.log(`[search] ${said}`);
      expect(summary.samples).toBeGreaterThan(20);
      expect(summary.maxMs, describeHealth(summary)).toBeLessThanOrEqual(SEARCH_HEALTH_LIMIT_MS);
    }
    expect(statuses.every((status) => status === 200)).toBe(true);
  });
});
