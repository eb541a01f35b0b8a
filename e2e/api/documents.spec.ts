import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { expect, test, type ApiClient } from '../fixtures/api';
import {
  accountByName,
  expectApiError,
  expectInvalid,
  expectJson,
  openSession,
  type ApiSession,
} from '../fixtures/accounts';
import type { DemoRole } from '../fixtures/demo-users';
import { describeHealth, HEALTH_LIMIT_MS, startHealthSampler } from '../fixtures/health-sampler';
import {
  DOCUMENTS,
  DOCUMENTS_CSV,
  contentPath,
  documentPath,
  exeBytes,
  listDocuments,
  multipartBody,
  officeBytes,
  pdfBytes,
  pngBytes,
  sha256,
  upload,
  versionsPath,
  type DocumentRecord,
} from '../fixtures/documents';

/**
 * The documents API over real HTTP (SPEC §1 reach, §2 Document, §5). Each test uploads the
 * documents it reads or changes, with titles no other test uses, so it counts only its own rows.
 */

// Demo accounts (lib/server/db/seed/demo.ts).
const OWN = 'Müller Logistik GmbH'; // vertrieb@'s, and manager@'s own account
const FOREIGN = 'Rheinland Pflegedienste GmbH'; // another distributor's, outside manager@'s tree
const ROLES: DemoRole[] = ['admin', 'backoffice', 'distributor', 'manager'];
const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

const ifMatch = (version: number) => ({ 'if-match': `W/"${version}"` });
const uniqueTitle = (label: string) => `E2E ${label} ${randomUUID().slice(0, 8)}`;

async function createDocument(
  session: ApiSession,
  fields: { title: string; category?: string; accountId?: string | null; description?: string },
  file: { name: string; type: string | null; content: Buffer },
): Promise<DocumentRecord> {
  const response = await upload(
    session,
    DOCUMENTS,
    {
      title: fields.title,
      category: fields.category ?? 'contract',
      accountId: fields.accountId ?? '',
      description: fields.description ?? '',
    },
    file,
  );
  return expectJson<DocumentRecord>(response, 201);
}

async function countByTitle(session: ApiSession, title: string): Promise<number> {
  return (await listDocuments(session, { q: title })).total;
}

/** Sends a raw request from Node, for bodies Playwright cannot send: chunked, or cut off halfway. */
function rawRequest(
  api: ApiClient,
  baseURL: string,
  options: { path: string; token: string; contentType: string; body: Buffer; chunked?: boolean; cutAfter?: number },
): Promise<{ status: number; text: string } | { error: string }> {
  const url = new URL(options.path, baseURL);
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.token}`,
          'content-type': options.contentType,
          'x-forwarded-for': api.ip,
          ...(options.chunked ? {} : { 'content-length': String(options.body.length) }),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    request.on('error', (error) => resolve({ error: error.message }));
    if (options.cutAfter !== undefined) {
      request.write(options.body.subarray(0, options.cutAfter), () => {
        // The client goes away in the middle of the file.
        setTimeout(() => request.destroy(), 200);
      });
      return;
    }
    let offset = 0;
    const step = () => {
      while (offset < options.body.length) {
        const chunk = options.body.subarray(offset, offset + 256 * 1024);
        offset += chunk.length;
        if (!request.write(chunk)) {
          request.once('drain', step);
          return;
        }
      }
      request.end();
    };
    step();
  });
}

async function tokenOf(api: ApiClient, role: DemoRole): Promise<string> {
  const { demoUser } = await import('../fixtures/demo-users');
  const user = demoUser(role);
  return (await api.login(user.email, user.password)).id_token;
}

test.describe('documents: reach', () => {
  test('list, get, every version’s download and the export, for 4 roles × own and foreign', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const [own, foreign] = await Promise.all([accountByName(admin, OWN), accountByName(admin, FOREIGN)]);
    const marker = uniqueTitle('Reichweite');
    const files = [
      { name: 'vertrag-v1.pdf', type: 'application/pdf', content: pdfBytes('eins') },
      { name: 'vertrag-v2.pdf', type: 'application/pdf', content: pdfBytes('zwei') },
    ];
    const documents: Record<'own' | 'foreign', DocumentRecord> = {} as never;
    for (const [which, account] of [
      ['own', own],
      ['foreign', foreign],
    ] as const) {
      const created = await createDocument(admin, { title: `${marker} ${which}`, accountId: account.id }, files[0]!);
      const second = await upload(admin, versionsPath(created.id), {}, files[1]!);
      documents[which] = await expectJson<DocumentRecord>(second, 201);
      expect(documents[which].versions.map((version) => version.number)).toEqual([2, 1]);
    }

    const sees: Record<DemoRole, { own: boolean; foreign: boolean }> = {
      admin: { own: true, foreign: true },
      backoffice: { own: true, foreign: true },
      distributor: { own: true, foreign: false },
      manager: { own: true, foreign: false },
    };
    for (const role of ROLES) {
      const session = await openSession(api, role);
      const list = await listDocuments(session, { q: marker, perPage: '100' });
      const csv = await session.get(`${DOCUMENTS_CSV}?q=${encodeURIComponent(marker)}`);
      expect(csv.status(), `${role}: export`).toBe(200);
      const csvText = (await csv.body()).toString('utf8');
      for (const which of ['own', 'foreign'] as const) {
        const document = documents[which];
        const visible = sees[role][which];
        const label = `${role} × ${which}`;
        expect(
          list.items.some((item) => item.id === document.id),
          `${label}: list`,
        ).toBe(visible);
        expect(csvText.includes(document.title), `${label}: export`).toBe(visible);
        const read = await session.get(documentPath(document.id));
        expect(read.status(), `${label}: get`).toBe(visible ? 200 : 404);
        for (const [index, file] of files.entries()) {
          const download = await session.get(contentPath(document.id, index + 1));
          expect(download.status(), `${label}: version ${index + 1}`).toBe(visible ? 200 : 404);
          if (visible)
            expect(sha256(await download.body()), `${label}: bytes of version ${index + 1}`).toBe(sha256(file.content));
          else await expectApiError(download, 404, 'not_found');
        }
      }
    }
  });

  test('general documents: everyone reads them, only admin and back office create them', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const title = uniqueTitle('Allgemein');
    const general = await createDocument(
      admin,
      { title, category: 'policy' },
      {
        name: 'hinweise.txt',
        type: 'text/plain',
        content: Buffer.from('Allgemeine Hinweise für alle Arbeitgeber.\n', 'utf8'),
      },
    );
    expect(general.accountId).toBeNull();
    for (const role of ['distributor', 'manager'] as const) {
      const session = await openSession(api, role);
      expect((await session.get(documentPath(general.id))).status(), `${role} reads`).toBe(200);
      expect((await session.get(contentPath(general.id, 1))).status(), `${role} downloads`).toBe(200);
      const refused = await upload(
        session,
        DOCUMENTS,
        { title: `${title} ${role}`, category: 'other', accountId: '' },
        {
          name: 'x.txt',
          type: 'text/plain',
          content: Buffer.from('x'),
        },
      );
      await expectInvalid(refused, 'accountId');
      const patched = await session.patch(
        documentPath(general.id),
        { title: 'Nicht erlaubt' },
        ifMatch(general.version),
      );
      await expectApiError(patched, 403, 'forbidden');
    }
  });

  test('a manager uploads to their own account but not to a foreign one', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const manager = await openSession(api, 'manager');
    const [own, foreign] = await Promise.all([accountByName(admin, OWN), accountByName(admin, FOREIGN)]);
    const file = { name: 'liste.csv', type: 'text/csv', content: Buffer.from('\uFEFFName;Vorname\r\nMüller;Jörg\r\n') };
    const created = await createDocument(
      manager,
      { title: uniqueTitle('Manager'), accountId: own.id, category: 'employee_list' },
      file,
    );
    expect(created.versions[0]).toMatchObject({ mimeType: 'text/csv', sha256: sha256(file.content) });
    const refused = await upload(
      manager,
      DOCUMENTS,
      { title: uniqueTitle('Fremd'), category: 'other', accountId: foreign.id },
      file,
    );
    await expectApiError(refused, 404, 'not_found');
  });
});

test.describe('documents: writes', () => {
  test('PATCH needs If-Match and refuses a stale version; the history records it', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const own = await accountByName(admin, OWN);
    const created = await createDocument(
      admin,
      { title: uniqueTitle('Bearbeiten'), accountId: own.id },
      {
        name: 'a.pdf',
        type: 'application/pdf',
        content: pdfBytes(),
      },
    );
    await expectApiError(
      await admin.patch(documentPath(created.id), { title: 'Ohne Version' }),
      428,
      'precondition_required',
    );
    const updated = await expectJson<DocumentRecord>(
      await admin.patch(
        documentPath(created.id),
        { title: `${created.title} neu`, category: 'invoice' },
        ifMatch(created.version),
      ),
      200,
    );
    expect(updated).toMatchObject({ title: `${created.title} neu`, category: 'invoice', version: created.version + 1 });
    const stale = await admin.patch(documentPath(created.id), { title: 'Veraltet' }, ifMatch(created.version));
    const conflict = await expectApiError(stale, 409, 'conflict');
    expect(conflict.current).toMatchObject({ title: `${created.title} neu` });
    const history = await expectJson<{ items: { action: string }[] }>(
      await admin.get(`/api/v1/changes/?entityId=${created.id}`),
      200,
    );
    expect(history.items.map((item) => item.action).sort()).toEqual(['create', 'update']);
  });

  test('a new version with a stale If-Match is refused and stores nothing', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const created = await createDocument(
      admin,
      { title: uniqueTitle('Version'), accountId: null },
      {
        name: 'bild.png',
        type: 'image/png',
        content: pngBytes([10, 20, 30]),
      },
    );
    const stale = await upload(
      admin,
      versionsPath(created.id),
      {},
      { name: 'neu.png', type: 'image/png', content: pngBytes([1, 2, 3]) },
      ifMatch(created.version + 5),
    );
    await expectApiError(stale, 409, 'conflict');
    const after = await expectJson<DocumentRecord>(await admin.get(documentPath(created.id)), 200);
    expect(after.versions).toHaveLength(1);
  });

  test('only admin and back office delete; a manager and a distributor cannot; a deleted document is gone', async ({
    api,
  }) => {
    const admin = await openSession(api, 'admin');
    const own = await accountByName(admin, OWN);
    const created = await createDocument(
      admin,
      { title: uniqueTitle('Löschen'), accountId: own.id },
      {
        name: 'weg.pdf',
        type: 'application/pdf',
        content: pdfBytes(),
      },
    );
    for (const role of ['manager', 'distributor'] as const) {
      const session = await openSession(api, role);
      await expectApiError(await session.delete(documentPath(created.id), ifMatch(created.version)), 403, 'forbidden');
    }
    expect((await admin.get(documentPath(created.id))).status()).toBe(200);
    const backoffice = await openSession(api, 'backoffice');
    await expectApiError(await backoffice.delete(documentPath(created.id)), 428, 'precondition_required');
    const deleted = await backoffice.delete(documentPath(created.id), ifMatch(created.version));
    expect(deleted.status(), await deleted.text()).toBe(204);
    await expectApiError(await admin.get(documentPath(created.id)), 404, 'not_found');
    await expectApiError(await admin.get(contentPath(created.id, 1)), 404, 'not_found');
    expect(await countByTitle(admin, created.title)).toBe(0);
  });

  test('a file part without its own Content-Type is judged by its name and content like any other', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const title = uniqueTitle('Ohne Typ');
    // RFC 7578 makes such a part text/plain; it was refused as "text/plain does not fit .pdf".
    const created = await createDocument(admin, { title }, { name: 'vertrag.pdf', type: null, content: pdfBytes() });
    expect(created.versions[0]).toMatchObject({ fileName: 'vertrag.pdf', mimeType: 'application/pdf' });
    const next = await upload(
      admin,
      versionsPath(created.id),
      {},
      { name: 'bild.png', type: null, content: pngBytes([1, 2, 3]) },
    );
    const versions = (await expectJson<DocumentRecord>(next, 201)).versions;
    expect(versions.find((version) => version.number === 2)).toMatchObject({
      fileName: 'bild.png',
      mimeType: 'image/png',
    });
    // Its content still has to be what its name says.
    const disguised = await upload(
      admin,
      DOCUMENTS,
      { title: `${title} exe`, category: 'other' },
      {
        name: 'setup.pdf',
        type: null,
        content: exeBytes(),
      },
    );
    await expectApiError(disguised, 415, 'unsupported_media_type');
    expect(await countByTitle(admin, `${title} exe`)).toBe(0);
  });
});

test.describe('documents: uploads that store nothing', () => {
  test('a Windows executable renamed .pdf → 415 and no row', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const title = uniqueTitle('Exe');
    const refused = await upload(
      admin,
      DOCUMENTS,
      { title, category: 'contract' },
      {
        name: 'rechnung.pdf',
        type: 'application/pdf',
        content: exeBytes(),
      },
    );
    const body = await expectApiError(refused, 415, 'unsupported_media_type');
    expect(body.details?.[0]?.path).toBe('file');
    expect(await countByTitle(admin, title)).toBe(0);
  });

  test('other mismatches → 415: an unknown extension, a declared type that does not fit, a zip named .docx, binary .txt', async ({
    api,
  }) => {
    const admin = await openSession(api, 'admin');
    const title = uniqueTitle('Typen');
    const cases = [
      { name: 'setup.exe', type: 'application/octet-stream', content: exeBytes() },
      { name: 'bild.png', type: 'application/pdf', content: pngBytes([0, 0, 0]) },
      { name: 'bericht.docx', type: 'application/octet-stream', content: officeBytes('xlsx') },
      { name: 'tabelle.xlsx', type: 'application/octet-stream', content: officeBytes('docx') },
      { name: 'notiz.txt', type: 'text/plain', content: Buffer.from([0x4d, 0x5a, 0x00, 0x00, 0x41]) },
      { name: 'seite.pdf', type: 'application/pdf', content: Buffer.from('<html><script>alert(1)</script></html>') },
    ];
    for (const file of cases) {
      const refused = await upload(admin, DOCUMENTS, { title, category: 'other' }, file);
      await expectApiError(refused, 415, 'unsupported_media_type');
    }
    expect(await countByTitle(admin, title)).toBe(0);
    // The real ones pass.
    for (const kind of ['docx', 'xlsx'] as const) {
      const created = await createDocument(
        admin,
        { title: `${title} ${kind}` },
        { name: `echt.${kind}`, type: 'application/octet-stream', content: officeBytes(kind) },
      );
      expect(created.versions[0]?.mimeType).toContain('openxmlformats');
    }
  });

  test('21 MiB → 413 and no row, declared or streamed without a length; 20 MiB is stored', async ({ api, baseURL }) => {
    const admin = await openSession(api, 'admin');
    const title = uniqueTitle('Groß');
    const content = Buffer.concat([pdfBytes(), Buffer.alloc(21 * 1024 * 1024 - pdfBytes().length, 0x20)]);
    expect(content.length).toBeGreaterThan(MAX_UPLOAD_BYTES);
    const declared = await upload(
      admin,
      DOCUMENTS,
      { title, category: 'other' },
      { name: 'gross.pdf', type: 'application/pdf', content },
    );
    await expectApiError(declared, 413, 'payload_too_large');

    const { body, contentType } = multipartBody(
      { title, category: 'other' },
      { headerName: 'gross.pdf', type: 'application/pdf', content },
    );
    const streamed = await rawRequest(api, baseURL!, {
      path: DOCUMENTS,
      token: await tokenOf(api, 'admin'),
      contentType,
      body,
      chunked: true,
    });
    expect(streamed, JSON.stringify(streamed).slice(0, 300)).toMatchObject({ status: 413 });
    expect(await countByTitle(admin, title)).toBe(0);

    // Exactly at the limit is stored, and comes back byte for byte.
    const atLimit = content.subarray(0, MAX_UPLOAD_BYTES);
    const stored = await createDocument(
      admin,
      { title: `${title} 20` },
      { name: 'genau.pdf', type: 'application/pdf', content: atLimit },
    );
    expect(stored.versions[0]).toMatchObject({ sizeBytes: MAX_UPLOAD_BYTES, sha256: sha256(atLimit) });
    const download = await admin.get(contentPath(stored.id, 1));
    expect(sha256(await download.body())).toBe(sha256(atLimit));
  });

  test('an upload cut off halfway leaves nothing', async ({ api, baseURL }) => {
    const admin = await openSession(api, 'admin');
    const title = uniqueTitle('Abbruch');
    const content = Buffer.concat([pdfBytes(), Buffer.alloc(4 * 1024 * 1024, 0x20)]);
    const { body, contentType } = multipartBody(
      { title, category: 'other' },
      { headerName: 'abbruch.pdf', type: 'application/pdf', content },
    );
    // The server stages uploads in the temp folder (lib/server/http/multipart.ts); on this machine
    // unless the suite runs against a deployment.
    const stagingFolders = () => readdirSync(tmpdir()).filter((name) => name.startsWith('benefits-upload-'));
    const before = new Set(stagingFolders());
    const answer = await rawRequest(api, baseURL!, {
      path: DOCUMENTS,
      token: await tokenOf(api, 'admin'),
      contentType,
      body,
      cutAfter: Math.floor(body.length / 2),
    });
    expect(answer).not.toMatchObject({ status: 201 });
    // The server notices the closed connection; then nothing of it may exist.
    await expect.poll(() => countByTitle(admin, title), { timeout: 5_000 }).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await countByTitle(admin, title)).toBe(0);
    if (!process.env.BASE_URL) {
      // Its staged half file is gone too (other tests' uploads come and go meanwhile).
      await expect.poll(() => stagingFolders().filter((name) => !before.has(name)).length, { timeout: 10_000 }).toBe(0);
    }
  });

  test('multipart refusals: no file, two files, an unknown field, JSON instead of multipart', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const title = uniqueTitle('Form');
    await expectInvalid(await upload(admin, DOCUMENTS, { title, category: 'other' }), 'file');
    const unknown = await expectApiError(
      await upload(
        admin,
        DOCUMENTS,
        { title, category: 'other', owner: 'x' },
        { name: 'a.txt', type: 'text/plain', content: Buffer.from('a') },
      ),
      422,
      'validation_failed',
    );
    expect(JSON.stringify(unknown.details)).toContain('owner');
    await expectInvalid(
      await upload(
        admin,
        DOCUMENTS,
        { title: '', category: 'nope' },
        { name: 'a.txt', type: 'text/plain', content: Buffer.from('a') },
      ),
      'category',
    );
    await expectApiError(await admin.post(DOCUMENTS, { title, category: 'other' }), 415, 'unsupported_media_type');
    const twoFiles = multipartBody(
      { title, category: 'other' },
      { headerName: 'a.txt', type: 'text/plain', content: Buffer.from('a') },
    );
    const doubled = Buffer.from(
      twoFiles.body.toString('latin1').replace(/(--[^\r]+--\r\n)$/, (end) => {
        const boundary = end.slice(0, -4);
        return `${boundary}\r\nContent-Disposition: form-data; name="file"; filename="b.txt"\r\nContent-Type: text/plain\r\n\r\nb\r\n${end}`;
      }),
      'latin1',
    );
    await expectInvalid(await admin.post(DOCUMENTS, doubled, { 'content-type': twoFiles.contentType }), 'file');
    expect(await countByTitle(admin, title)).toBe(0);
  });

  test('an empty file input (filename="", no bytes) says the file is missing', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const title = uniqueTitle('Leer');
    // A browser sends application/octet-stream for it; a part without a type reached busboy as a text
    // field named "file" and was refused as "Das Feld ist mehrfach angegeben."
    for (const type of ['application/octet-stream', null]) {
      const refused = await upload(
        admin,
        DOCUMENTS,
        { title, category: 'other' },
        { name: '', type, content: Buffer.alloc(0) },
      );
      const body = await expectInvalid(refused, 'file');
      expect({ type, details: body.details }).toEqual({
        type,
        details: [{ path: 'file', message: 'Die Datei fehlt.', code: 'fileMissing' }],
      });
    }
    expect(await countByTitle(admin, title)).toBe(0);
  });
});

/** The server's chunk size (lib/server/services/documents/content-chunks.ts). */
const CHUNK_BYTES = 256 * 1024;

/**
 * A text file of exactly `size` bytes that the upload's text check accepts: printable ASCII, line
 * breaks and bytes ≥ 0x80 (the halves of UTF-8 umlauts and others), in an order no two sizes share.
 */
function textBytes(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  let state = size * 2_654_435_761 + 1;
  for (let index = 0; index < size; index += 1) {
    state = (state * 1_103_515_245 + 12_345) >>> 0;
    const pick = state >>> 16;
    bytes[index] = pick % 61 === 0 ? 0x0a : 0x20 + (pick % 224);
  }
  // Letters first: nothing in it looks like a binary type's magic number.
  bytes.write('Zeile', 0, Math.min(size, 5), 'latin1');
  return bytes;
}

test.describe('documents: content in chunks', () => {
  test('byte for byte at 1 byte, a chunk less one, a chunk, a chunk and one, and the maximum; no bytes is refused', async ({
    api,
  }) => {
    test.setTimeout(180_000);
    const admin = await openSession(api, 'admin');
    const title = uniqueTitle('Bytes');
    const roundTrip = async (id: string, number: number, bytes: Buffer) => {
      const download = await admin.get(contentPath(id, number));
      expect(download.status()).toBe(200);
      expect(download.headers()['etag']).toBe(`"${sha256(bytes)}"`);
      expect(download.headers()['content-disposition']).toMatch(/^attachment; filename="groesse-\d+\.txt"$/);
      const body = await download.body();
      expect({ number, size: body.length, same: body.equals(bytes) }).toEqual({
        number,
        size: bytes.length,
        same: true,
      });
    };

    const empty = await upload(
      admin,
      DOCUMENTS,
      { title, category: 'other' },
      { name: 'leer.txt', type: 'text/plain', content: Buffer.alloc(0) },
    );
    const refused = await expectInvalid(empty, 'file');
    expect(refused.details).toEqual([{ path: 'file', message: 'Die Datei ist leer.', code: 'fileEmpty' }]);
    expect(await countByTitle(admin, title)).toBe(0);

    let first: DocumentRecord | null = null;
    for (const size of [1, CHUNK_BYTES - 1, CHUNK_BYTES, CHUNK_BYTES + 1]) {
      const bytes = textBytes(size);
      const created = await createDocument(
        admin,
        { title: `${title} ${size}` },
        { name: `groesse-${size}.txt`, type: 'text/plain', content: bytes },
      );
      expect(created.versions[0]).toMatchObject({ sizeBytes: size, sha256: sha256(bytes) });
      await roundTrip(created.id, 1, bytes);
      first ??= created;
    }

    // The maximum, as a new version (the first upload's path has its own test above); the first
    // version still comes back as it was.
    const largest = textBytes(MAX_UPLOAD_BYTES);
    const added = await upload(
      admin,
      versionsPath(first!.id),
      {},
      { name: `groesse-${MAX_UPLOAD_BYTES}.txt`, type: 'text/plain', content: largest },
    );
    const updated = await expectJson<DocumentRecord>(added, 201);
    expect(updated.currentVersion).toBe(2);
    await roundTrip(first!.id, 2, largest);
    await roundTrip(first!.id, 1, textBytes(1));
  });

  // @alone: runs in the fuzz project, with nothing else on the server (playwright.config.ts).
  test('a maximum-size upload and download do not delay a concurrent /api/v1/health/ beyond 250 ms @alone', async ({
    api,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const admin = await openSession(api, 'admin');
    const title = uniqueTitle('Gleichzeitig');
    const content = (label: string) => {
      const head = pdfBytes(label);
      return Buffer.concat([head, Buffer.alloc(MAX_UPLOAD_BYTES - head.length, 0x20)]);
    };
    const stored = content('vorher');
    const earlier = await createDocument(
      admin,
      { title: `${title} vorher` },
      { name: 'vorher.pdf', type: 'application/pdf', content: stored },
    );

    const health = startHealthSampler(baseURL!);
    const timings: string[] = [];
    const timed = async <T>(label: string, work: Promise<T>): Promise<T> => {
      const started = Date.now();
      const result = await work;
      timings.push(`${label} ${Date.now() - started} ms`);
      return result;
    };
    try {
      // An upload and a download at once, then the new file's download.
      const fresh = content('neu');
      const [created, download] = await Promise.all([
        timed(
          'upload',
          createDocument(
            admin,
            { title: `${title} neu` },
            { name: 'neu.pdf', type: 'application/pdf', content: fresh },
          ),
        ),
        timed(
          'download',
          admin.get(contentPath(earlier.id, 1)).then(async (response) => ({ response, body: await response.body() })),
        ),
      ]);
      expect(download.response.status()).toBe(200);
      expect(download.body.equals(stored)).toBe(true);
      const again = await timed('download of the upload', admin.get(contentPath(created.id, 1)));
      expect((await again.body()).equals(fresh)).toBe(true);
    } finally {
      const summary = await health.stop();
      test.info().annotations.push({ type: 'requests', description: timings.join('; ') });
      test.info().annotations.push({ type: 'health during 20 MiB transfers', description: describeHealth(summary) });
      console.log(`[documents] ${timings.join('; ')}; /api/v1/health/: ${describeHealth(summary)}`);
      expect(summary.samples).toBeGreaterThan(5);
      expect(summary.failed).toBe(0);
      expect(summary.maxMs, describeHealth(summary)).toBeLessThanOrEqual(HEALTH_LIMIT_MS);
    }
  });
});

test.describe('documents: downloads', () => {
  const HOSTILE: { sent: string; stored?: string }[] = [
    { sent: 'Angebot "final".pdf', stored: 'Angebot "final".pdf' },
    { sent: 'Zeile eins\nZeile zwei.pdf', stored: 'Zeile eins_Zeile zwei.pdf' },
    { sent: 'Übersicht für Jörg – Straße.pdf', stored: 'Übersicht für Jörg – Straße.pdf' },
    { sent: '../../etc/passwd.pdf', stored: 'passwd.pdf' },
    { sent: '..\\..\\Windows\\win.ini.pdf' },
    { sent: 'semi;colon%20and\\back.pdf' },
    { sent: '\u202Egnp.pdf' },
  ];

  test('hostile file names download safely (RFC 6266), with nosniff and a sandbox', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const content = pdfBytes();
    for (const { sent, stored } of HOSTILE) {
      const created = await createDocument(
        admin,
        { title: uniqueTitle('Name') },
        { name: sent, type: 'application/pdf', content },
      );
      const kept = created.versions[0]?.fileName ?? '';
      if (stored) expect(kept, sent).toBe(stored);
      expect(kept, sent).toMatch(/\.pdf$/);
      expect(kept, sent).not.toMatch(/[/\\\u0000-\u001f\u202a-\u202e]/);
      const download = await admin.get(contentPath(created.id, 1));
      expect(download.status()).toBe(200);
      const headers = download.headers();
      const disposition = headers['content-disposition'] ?? '';
      expect(disposition, sent).toMatch(
        /^attachment; filename="[\x20-\x7e]*"(; filename\*=UTF-8''[A-Za-z0-9!#$&+.^_`|~%-]+)?$/,
      );
      const fallback = /filename="([^"]*)"/.exec(disposition)?.[1] ?? '';
      expect(fallback, sent).not.toMatch(/["\\/;%]/);
      const encoded = /filename\*=UTF-8''(.+)$/.exec(disposition)?.[1];
      expect(encoded ? decodeURIComponent(encoded) : fallback, sent).toBe(kept);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['content-security-policy']).toMatch(/^sandbox;/);
      expect(headers['content-type']).toBe('application/pdf');
      expect(sha256(await download.body())).toBe(sha256(content));
    }
  });

  test('inline only for PDFs and images', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const png = await createDocument(
      admin,
      { title: uniqueTitle('Inline') },
      { name: 'logo.png', type: 'image/png', content: pngBytes([200, 0, 0]) },
    );
    const text = await createDocument(
      admin,
      { title: uniqueTitle('Inline') },
      { name: 'notiz.txt', type: 'text/plain', content: Buffer.from('<script>alert(1)</script>') },
    );
    const inlinePng = await admin.get(contentPath(png.id, 1, true));
    expect(inlinePng.headers()['content-disposition']).toMatch(/^inline; /);
    expect(inlinePng.headers()['content-security-policy']).toContain('sandbox');
    const inlineText = await admin.get(contentPath(text.id, 1, true));
    expect(inlineText.headers()['content-disposition']).toMatch(/^attachment; /);
    expect(inlineText.headers()['content-type']).toBe('text/plain');
    await expectApiError(await admin.get(contentPath(png.id, 2)), 404, 'not_found');
  });

  // Issue 49: the size is known from the stored version, so a browser can show the progress.
  test('a download sends its Content-Length (not chunked), equal to the bytes received, also compressed-capable and on HEAD', async ({
    api,
    baseURL,
  }) => {
    const admin = await openSession(api, 'admin');
    for (const [name, type, bytes] of [
      ['gross.pdf', 'application/pdf', Buffer.concat([pdfBytes('Gross'), Buffer.alloc(3 * 1024 * 1024 + 17, 0x20)])],
      // Text, which a server would like to compress: the length holds all the same.
      ['gross.txt', 'text/plain', textBytes(2 * 1024 * 1024 + 5)],
    ] as const) {
      const created = await createDocument(admin, { title: uniqueTitle('Laenge') }, { name, type, content: bytes });
      const url = new URL(contentPath(created.id, 1), baseURL);
      // A fresh connection each time, and a clear failure instead of the test's timeout if the answer
      // stalls: how far it got (headers, bytes) tells a server that never answered from a body that
      // stopped short of its Content-Length (seen once in CI on PostgreSQL, not reproduced since).
      const answer = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
        (resolve, reject) => {
          let progress = 'no answer yet';
          const request = http.get(
            url,
            {
              agent: false,
              headers: {
                authorization: `Bearer ${admin.idToken}`,
                'accept-encoding': 'gzip, deflate, br',
                'x-forwarded-for': api.ip,
              },
            },
            (response) => {
              const chunks: Buffer[] = [];
              let received = 0;
              progress = `status ${response.statusCode}, content-length ${response.headers['content-length']}, 0 bytes`;
              response.on('data', (chunk: Buffer) => {
                chunks.push(chunk);
                received += chunk.length;
                progress = `status ${response.statusCode}, content-length ${response.headers['content-length']}, ${received} bytes`;
              });
              response.on('aborted', () => reject(new Error(`${name}: the answer was aborted (${progress})`)));
              response.on('error', reject);
              response.on('end', () =>
                resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
              );
            },
          );
          request.setTimeout(20_000, () =>
            request.destroy(new Error(`${name}: no complete answer within 20 s (${progress})`)),
          );
          request.on('error', reject);
        },
      );
      expect(answer.status, name).toBe(200);
      expect(answer.headers['transfer-encoding'], name).toBeUndefined();
      expect(answer.headers['content-encoding'], name).toBeUndefined();
      expect(answer.headers['content-length'], name).toBe(String(bytes.length));
      expect(answer.body.length, name).toBe(bytes.length);
      expect(answer.body.equals(bytes), name).toBe(true);

      const head = await api.fetch(contentPath(created.id, 1), {
        method: 'HEAD',
        headers: { authorization: `Bearer ${admin.idToken}` },
      });
      expect(head.status(), name).toBe(200);
      expect(head.headers()['content-length'], name).toBe(String(bytes.length));
      expect(head.headers()['etag'], name).toBe(`"${sha256(bytes)}"`);
      expect((await head.body()).length, name).toBe(0);
    }
  });
});
