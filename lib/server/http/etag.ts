import 'server-only';
import { ApiError } from './api-error';

/** A record's ETag is its version: `W/"7"`. */
export function etagFor(version: number): string {
  return `W/"${version}"`;
}

/**
 * The version a PATCH or DELETE claims to change (SPEC §5): from `If-Match`, else from the
 * body's `version`. Neither → 428, so no update is ever applied blind.
 */
export function requireExpectedVersion(req: Request, bodyVersion?: number): number {
  const header = req.headers.get('if-match');
  if (header) {
    const match = /^(?:W\/)?"?(\d+)"?$/.exec(header.trim());
    if (!match?.[1])
      throw new ApiError('bad_request', 'If-Match muss die Version des Eintrags enthalten, z. B. W/"3".');
    return Number(match[1]);
  }
  if (bodyVersion !== undefined) return bodyVersion;
  throw new ApiError('precondition_required', 'Die Version des Eintrags fehlt (If-Match-Header oder Feld "version").');
}

/** 409 with the current record, so the client can show what changed and keep the user's input. */
export function conflict(current: unknown): ApiError {
  return new ApiError('conflict', 'Der Eintrag wurde inzwischen von jemand anderem geändert.', { current });
}
