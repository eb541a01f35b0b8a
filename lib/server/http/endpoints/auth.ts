import 'server-only';
import type { buildOpenApiDocument } from '../openapi';
import { operations } from '../operations';
import * as op from '../operations/auth';
import { route } from '../route';
import { getCurrentUser } from '@/lib/server/services/auth/get-current-user';
import { refreshSession } from '@/lib/server/services/auth/refresh-session';
import { revokeSession } from '@/lib/server/services/auth/revoke-session';
import { signIn } from '@/lib/server/services/auth/sign-in';
import { checkLiveness, checkReadiness } from '@/lib/server/services/ops/check-health';

export const login = route(op.login, ({ body, ip, userAgent }) => signIn(body, { ip, userAgent }));

export const refresh = route(op.refresh, ({ body }) => refreshSession(body.refresh_token));

export const logout = route(op.logout, ({ actor }) => revokeSession(actor.sessionId, 'logout'));

export const meGet = route(op.meGet, async ({ actor }) => ({ user: await getCurrentUser(actor) }));

export const mePost = route(op.mePost, async ({ actor }) => ({ user: await getCurrentUser(actor) }));

export const health = route(op.health, async () => checkLiveness());

export const ready = route(op.ready, () => checkReadiness());

let document: ReturnType<typeof buildOpenApiDocument> | undefined;

// The document's builder (zod-openapi) loads when the document is first asked for, not with the
// sign-in and auth/me every page render calls. Spread: an object literal type satisfies the
// answer schema's string-keyed record.
export const openapi = route(op.openapi, async () => {
  document ??= (await import('../openapi')).buildOpenApiDocument(operations);
  return { ...document };
});
