import 'server-only';
import { eq } from 'drizzle-orm';
import type { MfaStatus } from '@/lib/schemas/mfa';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { mfaTotp } from '@/lib/server/db/schema';
import { isMfaRequiredFor, unusedRecoveryCodeCount } from './mfa-factors';
import { passkeyRecord } from './passkeys';
import { passkeysOf } from './webauthn';

/** `GET /profile/mfa`: the caller's factors (never a secret) and whether their role needs one. */
export async function getMfaStatus(actor: Actor): Promise<MfaStatus> {
  const db = await getDb();
  const [totp] = await db
    .select({ confirmedAt: mfaTotp.confirmedAt })
    .from(mfaTotp)
    .where(eq(mfaTotp.userId, actor.id));
  const passkeys = (await passkeysOf(db, actor.id))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map(passkeyRecord);
  const enrolled = Boolean(totp?.confirmedAt) || passkeys.length > 0;
  const required = isMfaRequiredFor(actor.role);
  return {
    totp: Boolean(totp?.confirmedAt),
    passkeys,
    recoveryCodesLeft: enrolled ? await unusedRecoveryCodeCount(db, actor.id) : 0,
    required,
    enrolmentRequired: required && !enrolled,
    verifiedAt: actor.mfaVerifiedAt?.toISOString() ?? null,
  };
}
