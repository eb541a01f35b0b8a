import 'server-only';
import { readAtMost } from '@/lib/read-at-most';
import { ApiError } from './api-error';

export const DEFAULT_JSON_LIMIT = 1024 * 1024;

/** Reads a request body without ever holding more than `limit` bytes of it. */
export async function readBodyLimited(req: Request, limit: number): Promise<Uint8Array> {
  const tooLarge = () => new ApiError('payload_too_large', `Die Anfrage ist größer als ${limit} Bytes.`);
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  const body = await readAtMost(req.body, limit);
  if (!body) throw tooLarge();
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
