import 'server-only';
import { readAtMost } from '@/lib/read-at-most';
import { ApiError } from './api-error';

export const DEFAULT_JSON_LIMIT = 1024 * 1024;
/** No request body of the API nests deeper than a few levels; 500,000 levels held the event loop ~250 ms (issue 24). */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether `[`/`{` outside strings nest deeper than `max`: one pass over the text, before
 * `JSON.parse` builds anything (a megabyte of `[` costs it a quarter of a second of event loop).
 */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index += 1; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (code === 0x5d || code === 0x7d) depth -= 1;
  }
  return false;
}

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
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
    throw new ApiError('bad_request', `Der Inhalt ist tiefer als ${MAX_JSON_DEPTH} Ebenen verschachtelt.`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError('bad_request', 'Der Inhalt ist kein gültiges JSON.');
  }
}
