import 'server-only';
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { ApiError, invalidField } from './api-error';

/** One uploaded file, staged on disk: its bytes were hashed and counted while they arrived. */
export interface StagedFile {
  /** The temporary file; gone after the request (`discard`). */
  path: string;
  /** As the client named it, without any folder (busboy keeps only the last path segment). */
  fileName: string;
  /**
   * The type the client declared for the part: '' when none, and for `text/plain`, which RFC 7578
   * makes the type of a part without one (busboy reports both alike), so it claims nothing and the
   * file is judged by its name and content like any other.
   */
  declaredType: string;
  sizeBytes: number;
  sha256: string;
}

export interface MultipartUpload {
  fields: Record<string, string>;
  file: StagedFile | null;
  /** Removes the staged file; safe to call more than once. */
  discard(): Promise<void>;
}

/** The name of the one file part. */
export const FILE_FIELD = 'file';
/** Room for the text parts and the multipart framing on top of the file limit. */
const TEXT_PARTS_BYTES = 64 * 1024;
const MAX_TEXT_PARTS = 10;

export function tooLarge(limit: number): ApiError {
  const mebibytes = Math.round((limit / 1024 / 1024) * 10) / 10;
  return new ApiError('payload_too_large', `Die Datei ist größer als ${mebibytes.toLocaleString('de-DE')} MiB.`, {
    details: [{ path: FILE_FIELD, message: `Höchstens ${mebibytes.toLocaleString('de-DE')} MiB.` }],
  });
}

/** Counts and hashes the bytes on their way to the disk, and stops at the limit. */
class CountingHash extends Transform {
  readonly hash = createHash('sha256');
  size = 0;
  constructor(private readonly limit: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.size += chunk.byteLength;
    if (this.size > this.limit) {
      callback(tooLarge(this.limit));
      return;
    }
    this.hash.update(chunk);
    callback(null, chunk);
  }
}

/**
 * Reads a multipart/form-data request as it arrives: the text parts into memory (small, bounded),
 * the file part through SHA-256 and a byte counter into a temporary file, never into memory. Past
 * `maxFileBytes` it stops with 413 and keeps nothing; a broken or aborted request keeps nothing
 * either. The caller must `discard()` the upload when done with it.
 */
export async function readMultipartUpload(req: Request, options: { maxFileBytes: number }): Promise<MultipartUpload> {
  const contentType = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new ApiError('unsupported_media_type', 'Erwartet wird multipart/form-data mit einer Datei im Feld "file".');
  }
  const limit = options.maxFileBytes;
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit + TEXT_PARTS_BYTES) throw tooLarge(limit);
  if (!req.body) throw invalidField(FILE_FIELD, 'fileMissing');

  const folder = await mkdtemp(path.join(tmpdir(), 'benefits-upload-'));
  const discard = () => rm(folder, { recursive: true, force: true });
  try {
    const { fields, file } = await parse(req.body, contentType, folder, limit);
    return { fields, file, discard };
  } catch (error) {
    await discard();
    throw error;
  }
}

function parse(
  body: ReadableStream<Uint8Array>,
  contentType: string,
  folder: string,
  limit: number,
): Promise<{ fields: Record<string, string>; file: StagedFile | null }> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let file: StagedFile | null = null;
    /** The file part on its way to the disk; never rejects (a failure goes to `fail`). */
    let staging: Promise<void> | null = null;
    let fileSink: CountingHash | null = null;
    let failure: unknown = null;

    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        // File names are sent as raw UTF-8 by browsers; busboy's default would read them as Latin-1.
        defParamCharset: 'utf8',
        limits: {
          files: 1,
          fields: MAX_TEXT_PARTS,
          parts: MAX_TEXT_PARTS + 1,
          fieldSize: TEXT_PARTS_BYTES,
          fieldNameSize: 100,
          // The counter below refuses at the limit; this only keeps busboy from buffering past it.
          fileSize: limit + 1,
        },
      });
    } catch {
      reject(new ApiError('bad_request', 'Der multipart-Inhalt ist fehlerhaft (boundary fehlt).'));
      return;
    }
    const source = Readable.fromWeb(body as unknown as NodeWebReadableStream<Uint8Array>);

    /** Stops reading at the first problem; rejects once the file being written (if any) is closed. */
    const fail = (error: unknown) => {
      if (failure) return;
      failure = error;
      source.unpipe(parser);
      source.destroy();
      parser.removeAllListeners('file');
      // Ends the file's pipeline too, which would otherwise wait for bytes that never come (busboy's
      // file stream neither ends nor closes once its source is gone).
      fileSink?.destroy(error instanceof Error ? error : undefined);
      void (staging ?? Promise.resolve()).then(() => reject(error));
    };

    parser.on('field', (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated) {
        fail(invalidField(name.slice(0, 100), 'valueTooLong'));
        return;
      }
      if (name === FILE_FIELD) {
        // A text part where the file belongs: also an empty file input (`filename=""`) sent without
        // a type, which busboy hands over as a field.
        fail(invalidField(FILE_FIELD, 'fileMissing'));
        return;
      }
      if (Object.hasOwn(fields, name)) {
        fail(invalidField(name, 'fieldRepeated'));
        return;
      }
      fields[name] = value;
    });

    parser.on('file', (name, stream, info) => {
      if (name !== FILE_FIELD || file || staging) {
        stream.resume();
        fail(invalidField(name, name === FILE_FIELD ? 'oneFilePerRequest' : 'unknownFileField'));
        return;
      }
      const target = path.join(folder, 'content');
      const counter = new CountingHash(limit);
      fileSink = counter;
      staging = pipeline(stream, counter, createWriteStream(target, { flags: 'wx' })).then(
        () => {
          // What a browser sends for an empty file input: no name (`filename=""`) and no bytes.
          if (!info.filename && counter.size === 0) {
            fail(invalidField(FILE_FIELD, 'fileMissing'));
            return;
          }
          const declaredType = (info.mimeType ?? '').toLowerCase();
          file = {
            path: target,
            fileName: info.filename ?? '',
            declaredType: declaredType === 'text/plain' ? '' : declaredType,
            sizeBytes: counter.size,
            sha256: counter.hash.digest('hex'),
          };
        },
        (error: unknown) => fail(error),
      );
    });

    parser.on('filesLimit', () => fail(invalidField(FILE_FIELD, 'oneFilePerRequest')));
    parser.on('fieldsLimit', () => fail(new ApiError('bad_request', 'Zu viele Felder.')));
    parser.on('partsLimit', () => fail(new ApiError('bad_request', 'Zu viele Teile.')));
    parser.on('error', () => fail(new ApiError('bad_request', 'Der multipart-Inhalt ist fehlerhaft.')));
    source.on('error', () => fail(new ApiError('bad_request', 'Die Übertragung wurde abgebrochen.')));
    // An aborted request ends its stream without an error on some paths: busboy then never closes.
    source.on('close', () => {
      if (!source.readableEnded) fail(new ApiError('bad_request', 'Die Übertragung wurde abgebrochen.'));
    });

    parser.on('close', () => {
      void (staging ?? Promise.resolve()).then(() => {
        if (!failure) resolve({ fields, file });
      });
    });

    source.pipe(parser);
  });
}
