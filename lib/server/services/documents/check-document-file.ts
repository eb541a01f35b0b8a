import 'server-only';
import { createReadStream } from 'node:fs';
import { fileTypeFromFile } from 'file-type';
import yauzl from 'yauzl';
import { DOCUMENT_TYPE_LABELS, fileTypeByName, type DocumentFileType } from '@/lib/schemas/document-files';
import { ApiError, invalidField } from '@/lib/server/http/api-error';
import { FILE_FIELD, type StagedFile } from '@/lib/server/http/multipart';
import { safeFileName } from './safe-file-name';

/** Office files are zips: at most this many entries and this much unpacked, or they are refused as bombs. */
export const OFFICE_MAX_ENTRIES = 10_000;
export const OFFICE_MAX_UNCOMPRESSED_BYTES = 256 * 1024 * 1024;
/** The folder an Office file of each type must have besides `[Content_Types].xml`. */
const OFFICE_PART_FOLDER: Record<string, string> = {
  docx: 'word/',
  xlsx: 'xl/',
};
/** A checked upload: the staged file, the name to store and the type to serve. */
export interface CheckedFile {
  staged: StagedFile;
  fileName: string;
  mimeType: string;
}

const unsupported = (message: string) =>
  new ApiError('unsupported_media_type', message, { details: [{ path: FILE_FIELD, message }] });

/** The declared type must be the type's own, one of its aliases, or none/generic. */
function isDeclaredTypeAccepted(type: DocumentFileType, declared: string): boolean {
  const essence = declared.split(';')[0]?.trim() ?? '';
  return (
    essence === '' ||
    essence === 'application/octet-stream' ||
    essence === type.mimeType ||
    type.aliases.includes(essence)
  );
}

/** Text files have no magic number: they must not contain the control bytes of a binary file. */
async function isPlainText(path: string): Promise<boolean> {
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    for (const byte of chunk) {
      // NUL … BS, SO … SUB, ESC … US: never in a text file; tab, line breaks and form feed are.
      if (byte < 0x09 || (byte > 0x0d && byte < 0x20 && byte !== 0x1b)) return false;
    }
  }
  return true;
}

/**
 * An Office file is a zip whose central directory lists `[Content_Types].xml` and the type's part
 * folder, within a bounded number of entries and unpacked size. Only the directory is read; no
 * entry is unpacked, so a zip bomb costs nothing but its refusal.
 */
function isBoundedOfficeZip(path: string, partFolder: string): Promise<boolean> {
  return new Promise((resolve) => {
    yauzl.open(path, { lazyEntries: true, autoClose: true, strictFileNames: false }, (openError, zip) => {
      if (openError || !zip) {
        resolve(false);
        return;
      }
      if (zip.entryCount > OFFICE_MAX_ENTRIES) {
        zip.close();
        resolve(false);
        return;
      }
      let unpacked = 0;
      let hasContentTypes = false;
      let hasPart = false;
      const finish = (result: boolean) => {
        zip.removeAllListeners();
        zip.close();
        resolve(result);
      };
      zip.on('entry', (entry: yauzl.Entry) => {
        unpacked += entry.uncompressedSize;
        if (unpacked > OFFICE_MAX_UNCOMPRESSED_BYTES) return finish(false);
        if (entry.fileName === '[Content_Types].xml') hasContentTypes = true;
        if (entry.fileName.startsWith(partFolder)) hasPart = true;
        zip.readEntry();
      });
      zip.on('end', () => finish(hasContentTypes && hasPart));
      zip.on('error', () => finish(false));
      zip.readEntry();
    });
  });
}

/**
 * Checks an upload against SPEC §2 Document: an allowed extension, a declared type that fits it,
 * and content whose magic numbers (file-type) say the same; Office files must be real, bounded
 * Office zips and text files text. Anything else is 415 `unsupported_media_type`.
 */
export async function checkDocumentFile(file: StagedFile | null): Promise<CheckedFile> {
  if (!file) throw invalidField(FILE_FIELD, 'chooseFile');
  const fileName = safeFileName(file.fileName);
  if (!fileName) throw invalidField(FILE_FIELD, 'fileNameMissing');
  if (file.sizeBytes === 0) throw invalidField(FILE_FIELD, 'fileEmpty');

  const type = fileTypeByName(fileName);
  if (!type) throw unsupported(`Dieser Dateityp ist nicht erlaubt. Erlaubt sind ${DOCUMENT_TYPE_LABELS}.`);
  if (!isDeclaredTypeAccepted(type, file.declaredType)) {
    throw unsupported(
      `Der angegebene Typ (${file.declaredType}) passt nicht zur Endung .${fileName.split('.').pop()}.`,
    );
  }
  const mismatch = () => unsupported(`Der Inhalt der Datei ist kein ${type.label}, wie ihr Name sagt.`);

  const sniffed = await fileTypeFromFile(file.path);
  if (type.isText) {
    if (sniffed || !(await isPlainText(file.path))) throw mismatch();
  } else {
    if (sniffed?.mime !== type.mimeType) throw mismatch();
    const partFolder = OFFICE_PART_FOLDER[type.extensions[0] ?? ''];
    if (partFolder && !(await isBoundedOfficeZip(file.path, partFolder))) throw mismatch();
  }
  return { staged: file, fileName, mimeType: type.mimeType };
}
