import 'server-only';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { API_KEY_REQUESTS_PER_MINUTE } from '@/lib/schemas/api-key';
import type { Scope } from '@/lib/schemas/roles';
import { getDb } from '@/lib/server/db/client';
import { rowsOf } from '@/lib/server/db/rows';
import { signInAttempts } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import type { Actor } from './actor';

export const API_KEY_PREFIX = 'ebmt_';
/** `ebmt_` and the first 8 characters of the random part: shown in lists, used to find the key. */
const VISIBLE_CHARACTERS = 8;
const TOUCH_AFTER_MS = 60_000;
/** Unknown or wrong keys per client address and minute before 429, counted as sign-in attempts are. */
export const MAX_FAILED_KEYS_PER_MINUTE = 20;
const FAILED_KEY_LABEL = 'api-key';

export const isApiKeyToken = (token: string) => token.startsWith(API_KEY_PREFIX);

/** A new secret (`ebmt_` + 32 random bytes, base64url), its visible prefix and the SHA-256 that is stored. */
export function createApiKeySecret(): { secret: string; prefix: string; hash: string } {
  const secret = API_KEY_PREFIX + randomBytes(32).toString('base64url');
  return { secret, prefix: prefixOf(secret), hash: hashApiKeySecret(secret) };
}

const prefixOf = (secret: string) => secret.slice(0, API_KEY_PREFIX.length + VISIBLE_CHARACTERS);
const hashApiKeySecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Constant-time comparison of the presented secret's hash with the stored one. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const presented = Buffer.from(hashApiKeySecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}

interface KeyRow {
  id: string;
  name: string;
  scopes: string[];
  account_id: string | null;
  created_by_id: string;
  expires_at: Date | string;
  revoked_at: Date | string | null;
  last_used_at: Date | string | null;
  last_used_ip: string | null;
  rate_count: number;
  rate_window_start: Date | string;
  secret_hash: string;
  secret_expires_at: Date | string | null;
}

const invalidKey = () => new ApiError('unauthorized', 'Der API-Schlüssel ist ungültig, abgelaufen oder widerrufen.');
const time = (value: Date | string) => new Date(value).getTime();

/**
 * The machine client a key stands for. The key's secret is found by its prefix; one statement counts
 * the request in the key's minute window (wrong secrets too, so guessing one key's secret meets the
 * limit) and answers the key. Revocation, expiry and the previous secret's end are read on every request.
 */
export async function authenticateApiKey(secret: string, ip: string): Promise<Actor> {
  const db = await getDb();
  const [row] = await rowsOf<KeyRow>(
    db,
    sql`update api_keys k set
          rate_count = case when k.rate_window_start > now() - interval '1 minute' then k.rate_count + 1 else 1 end,
          rate_window_start = case when k.rate_window_start > now() - interval '1 minute' then k.rate_window_start else now() end
        from api_key_secrets s
        where s.prefix = ${prefixOf(secret)} and s.api_key_id = k.id
        returning k.id, k.name, k.scopes, k.account_id, k.created_by_id, k.expires_at, k.revoked_at,
          k.last_used_at, k.last_used_ip, k.rate_count, k.rate_window_start,
          s.secret_hash, s.expires_at as secret_expires_at`,
  );
  if (!row) return refuseUnknownKey(ip);
  if (row.rate_count > API_KEY_REQUESTS_PER_MINUTE) {
    const retryAfterSeconds = Math.max(1, Math.ceil((time(row.rate_window_start) + 60_000 - Date.now()) / 1000));
    throw new ApiError('rate_limited', 'Zu viele Anfragen mit diesem API-Schlüssel.', { retryAfterSeconds });
  }
  const now = Date.now();
  const isLive =
    secretMatches(secret, row.secret_hash) &&
    row.revoked_at === null &&
    time(row.expires_at) > now &&
    (row.secret_expires_at === null || time(row.secret_expires_at) > now);
  if (!isLive) throw invalidKey();

  const lastUsed = row.last_used_at === null ? 0 : time(row.last_used_at);
  if (now - lastUsed > TOUCH_AFTER_MS || row.last_used_ip !== ip) {
    await db.execute(sql`update api_keys set last_used_at = now(), last_used_ip = ${ip} where id = ${row.id}`);
  }
  return apiKeyActor(row);
}

/** An unknown key: counted per client address like a wrong password, and limited the same way. */
async function refuseUnknownKey(ip: string): Promise<never> {
  const db = await getDb();
  const [recent] = await db
    .select({ n: count() })
    .from(signInAttempts)
    .where(and(eq(signInAttempts.ip, ip), gt(signInAttempts.at, sql`now() - interval '1 minute'`)));
  await db.insert(signInAttempts).values({ email: FAILED_KEY_LABEL, ip, success: false });
  if ((recent?.n ?? 0) >= MAX_FAILED_KEYS_PER_MINUTE) {
    throw new ApiError('rate_limited', 'Zu viele ungültige API-Schlüssel. Bitte warten Sie eine Minute.', {
      retryAfterSeconds: 60,
    });
  }
  throw invalidKey();
}

/**
 * A key acts with its own scopes and reach: every account like back office (which may not touch
 * admins), or one account tree like a manager of its root. Writes that name a person name the
 * administrator who created the key; the history names the key (actor type `api_key`).
 */
function apiKeyActor(row: KeyRow): Actor {
  const scopes = new Set(row.scopes as Scope[]);
  if (scopes.has('whitelist.read')) scopes.add('whitelist.check');
  return {
    id: row.created_by_id,
    email: '',
    firstName: row.name,
    lastName: '',
    role: row.account_id ? 'manager' : 'backoffice',
    accountId: row.account_id,
    locale: 'de',
    theme: 'system',
    sessionId: '',
    scopes,
    mfaEnrolled: false,
    mfaVerifiedAt: null,
    mfaEnrolmentRequired: false,
    apiKey: { id: row.id, name: row.name },
  };
}
