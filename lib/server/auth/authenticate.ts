import 'server-only';
import { cache } from 'react';
import { eq, sql } from 'drizzle-orm';
import { mfaRequiredRoles } from '@/lib/env';
import { getDb } from '@/lib/server/db/client';
import { againIfConnectionLost } from '@/lib/server/db/database-errors';
import { mfaPasskeys, mfaTotp, sessions, users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { CLIENT_ADDRESS_HEADER, resolveClientAddress, vouchedClientAddress } from '@/lib/client-address';
import type { Actor } from './actor';
import { authenticateApiKey, isApiKeyToken } from './api-keys';
import { scopesOf } from './permissions';
import { IDLE_TIMEOUT_MS, verifyAccessToken } from './tokens';

const TOUCH_AFTER_MS = 60_000;

export const unauthorized = () => new ApiError('unauthorized', 'Nicht angemeldet oder die Sitzung ist abgelaufen.');

interface SessionRow {
  revokedAt: Date | null;
  expiresAt: Date;
  lastSeenAt: Date;
  userStatus: string;
}

/** A session is live until revoked, idle for an hour, past 12 hours, or its user is no longer active. */
export function isSessionLive(row: SessionRow, now = Date.now()): boolean {
  return (
    row.revokedAt === null &&
    row.expiresAt.getTime() > now &&
    row.lastSeenAt.getTime() + IDLE_TIMEOUT_MS > now &&
    row.userStatus === 'active'
  );
}

/** The client's address as route.ts reads it: the one the app's own server vouched for, else the peer. */
export const clientAddressOf = (req: Request) =>
  vouchedClientAddress(req.headers.get(CLIENT_ADDRESS_HEADER)) ?? resolveClientAddress(req.headers);

/**
 * Checks the Bearer token and, on every request, that its session is still live (SPEC §4); a token
 * starting `ebmt_` is a machine client's API key (./api-keys.ts).
 */
export async function authenticate(req: Request): Promise<Actor> {
  const header = req.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw unauthorized();
  if (isApiKeyToken(match[1])) return authenticateApiKey(match[1], clientAddressOf(req));
  return authenticateToken(match[1]);
}

/**
 * React's request cache: the API calls a page render hands over in process (lib/server/http/dispatch.ts)
 * verify its token and read its session once. Outside a render — every request that arrives over
 * HTTP, every server action — React keeps nothing, so a revoked session fails on the next request.
 */
const authenticateToken = cache(async (token: string): Promise<Actor> => {
  const claims = await verifyAccessToken(token);
  if (!claims) throw unauthorized();
  const db = await getDb();
  // The first query of most requests: after a database restart it may meet a connection that
  // broke under it, and the session lookup (and its touch) is safe to run once more.
  return againIfConnectionLost(() => sessionActor(db, claims.sessionId, claims.userId));
});

async function sessionActor(db: Awaited<ReturnType<typeof getDb>>, sessionId: string, userId: string): Promise<Actor> {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      revokedAt: sessions.revokedAt,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      mfaVerifiedAt: sessions.mfaVerifiedAt,
      mfaEnrolled: sql<boolean>`(exists (select 1 from ${mfaTotp} where ${mfaTotp.userId} = ${users.id} and ${mfaTotp.confirmedAt} is not null) or exists (select 1 from ${mfaPasskeys} where ${mfaPasskeys.userId} = ${users.id}))`,
      userStatus: users.status,
      user: {
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        role: users.role,
        accountId: users.accountId,
        locale: users.locale,
        theme: users.theme,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId))
    .limit(1);
  if (!row || row.user.id !== userId || !isSessionLive(row)) throw unauthorized();

  if (Date.now() - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, row.sessionId));
  }
  const mfaEnrolled = Boolean(row.mfaEnrolled);
  return {
    ...row.user,
    sessionId: row.sessionId,
    scopes: new Set(scopesOf(row.user.role)),
    mfaEnrolled,
    mfaVerifiedAt: row.mfaVerifiedAt,
    mfaEnrolmentRequired: !mfaEnrolled && mfaRequiredRoles().has(row.user.role),
  };
}
