import 'server-only';
import { ApiError } from './api-error';

export const DEFAULT_JSON_LIMIT = 1024 * 1024;

/** Reads a request body without ever holding more than `limit` bytes of it. */
export async function readBodyLimited(req: Request, limit: number): Promise<Uint8Array> {
  const tooLarge = () => new ApiError('payload_too_large', `Die Anfrage ist größer als ${limit} Bytes.`);
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

export async function readJsonBody(req: Request, limit = DEFAULT_JSON_LIMIT): Promise<unknown> {
  const contentType = req.headers.get('content-type') ?? '';
  const bytes = await readBodyLimited(req, limit);
  if (bytes.byteLength === 0) return {};
  if (!/^application\/(.+\+)?json\b/i.test(contentType)) {
    throw new ApiError('unsupported_media_type', 'Erwartet wird application/json.');
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError('bad_request', 'Der Inhalt ist kein gültiges UTF-8.');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError('bad_request', 'Der Inhalt ist kein gültiges JSON.');
  }
}
