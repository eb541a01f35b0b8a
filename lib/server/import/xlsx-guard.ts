import 'server-only';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { ApiError } from '@/lib/server/http/api-error';
import { IMPORT_XLSX_MAX_ENTRIES, IMPORT_XLSX_MAX_UNPACKED_BYTES } from '@/lib/schemas/import';

/**
 * An XLSX is a zip (issue 49): before a spreadsheet reader sees it, its central directory must list
 * at most IMPORT_XLSX_MAX_ENTRIES entries whose declared sizes sum to at most
 * IMPORT_XLSX_MAX_UNPACKED_BYTES, the entries must lie one after the other from the file's first
 * byte (nothing hidden between them, no entry overlapping another as overlap bombs do), and every
 * entry is then unpacked once here with its real bytes counted (yauzl also refuses an entry whose
 * real size differs from the declared one). A 1 MB file that expands to 1 GB is refused after at
 * most the limit's worth of inflating, in the stream's own chunks (other requests run between them).
 */

const refused = (code: string, message: string) =>
  new ApiError('validation_failed', message, { details: [{ path: 'file', message: code }] });

export const zipBomb = () =>
  refused(
    'xlsx_too_large_unpacked',
    `Die Excel-Datei ist entpackt größer als ${IMPORT_XLSX_MAX_UNPACKED_BYTES / 1024 / 1024} MB oder hat zu viele Teile; sie wird nicht gelesen.`,
  );
export const notXlsx = () => refused('xlsx_invalid', 'Die Datei ist keine lesbare Excel-Datei (XLSX).');

function open(bytes: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (error, zip) =>
      error || !zip ? reject(notXlsx()) : resolve(zip),
    );
  });
}

function entries(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const found: yauzl.Entry[] = [];
    let declared = 0;
    zip.on('entry', (entry: yauzl.Entry) => {
      declared += entry.uncompressedSize;
      if (declared > IMPORT_XLSX_MAX_UNPACKED_BYTES) return reject(zipBomb());
      found.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(found));
    zip.on('error', () => reject(notXlsx()));
    zip.readEntry();
  });
}

function localDataStart(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<number> {
  return new Promise((resolve, reject) => {
    zip.readLocalFileHeader(entry, { minimal: true }, (error, header) =>
      error || !header ? reject(notXlsx()) : resolve(header.fileDataStart),
    );
  });
}

function countUnpacked(zip: yauzl.ZipFile, entry: yauzl.Entry, budget: number): Promise<number> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) return reject(notXlsx());
      let count = 0;
      stream.on('data', (chunk: Buffer) => {
        count += chunk.length;
        if (count > budget) {
          stream.destroy();
          reject(zipBomb());
        }
      });
      stream.on('error', (streamError: Error) =>
        reject(/too many|too few|size/i.test(streamError.message) ? zipBomb() : notXlsx()),
      );
      stream.on('end', () => resolve(count));
    });
  });
}

/** The parts of a checked XLSX, each unpacked on demand (yauzl reads them by the central directory). */
export interface XlsxParts {
  /** The part named `name` (e.g. `xl/workbook.xml`) as a stream of its unpacked bytes; null when absent. */
  open(name: string): Promise<Readable | null>;
}

function partStream(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => (error || !stream ? reject(notXlsx()) : resolve(stream)));
  });
}

/**
 * Refuses (422) a zip that is no bounded, plainly laid-out XLSX; once every entry was counted, its
 * parts. The zip stays open for them: it reads from `bytes`, so it holds no file descriptor to close.
 */
export async function openBoundedXlsx(bytes: Buffer): Promise<XlsxParts> {
  const zip = await open(bytes);
  if (zip.entryCount > IMPORT_XLSX_MAX_ENTRIES) throw zipBomb();
  const list = await entries(zip);
  if (!list.some((entry) => entry.fileName === 'xl/workbook.xml')) throw notXlsx();
  // The entries one after the other from byte 0: a data descriptor (12–24 bytes) may follow an entry.
  const ordered = [...list].sort((a, b) => a.relativeOffsetOfLocalHeader - b.relativeOffsetOfLocalHeader);
  let expected = 0;
  for (const entry of ordered) {
    const gap = entry.relativeOffsetOfLocalHeader - expected;
    if (gap < 0 || gap > 24 || (expected === 0 && gap !== 0)) throw notXlsx();
    expected = (await localDataStart(zip, entry)) + entry.compressedSize;
  }
  let unpacked = 0;
  for (const entry of ordered) {
    if (entry.fileName.endsWith('/')) continue;
    unpacked += await countUnpacked(zip, entry, IMPORT_XLSX_MAX_UNPACKED_BYTES - unpacked);
  }
  const byName = new Map(list.map((entry) => [entry.fileName, entry]));
  return {
    open: async (name) => {
      const entry = byName.get(name);
      return entry ? partStream(zip, entry) : null;
    },
  };
}
