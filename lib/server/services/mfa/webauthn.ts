import 'server-only';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { eq } from 'drizzle-orm';
import { appBaseUrl } from '@/lib/env';
import type { DbOrTx } from '@/lib/server/db/types';
import { mfaPasskeys } from '@/lib/server/db/schema';
import { TOTP_ISSUER } from '@/lib/server/auth/totp';

/**
 * The relying party is the public address of the app (NEXTAUTH_URL): its host name is the RP id
 * and its origin the only one a passkey's answer may come from, never the address the server
 * listens on behind a proxy.
 */
export function relyingParty(): { id: string; origin: string } {
  const url = new URL(appBaseUrl());
  return { id: url.hostname, origin: url.origin };
}

const asTransports = (values: string[]) => values as AuthenticatorTransport[];

export async function passkeysOf(db: DbOrTx, userId: string) {
  return db.select().from(mfaPasskeys).where(eq(mfaPasskeys.userId, userId));
}

/** Options for `navigator.credentials.create()`: a fresh challenge, the user's passkeys excluded. */
export async function registrationOptions(db: DbOrTx, user: { id: string; email: string; label: string }) {
  const existing = await passkeysOf(db, user.id);
  return generateRegistrationOptions({
    rpName: TOTP_ISSUER,
    rpID: relyingParty().id,
    userName: user.email,
    userDisplayName: user.label,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((key) => ({ id: key.credentialId, transports: asTransports(key.transports) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
}

/** The new credential, if the browser's answer proves it for this challenge and this origin. */
export async function verifyRegistration(response: RegistrationResponseJSON, expectedChallenge: string) {
  const rp = relyingParty();
  const result = await verifyRegistrationResponse({
    response,
    expectedChallenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch(() => null);
  if (!result?.verified) return null;
  const { credential } = result.registrationInfo;
  return {
    credentialId: credential.id,
    publicKey: credential.publicKey,
    counter: credential.counter,
    transports: (credential.transports ?? []) as string[],
  };
}

/** Options for `navigator.credentials.get()` over the user's passkeys. */
export async function authenticationOptions(db: DbOrTx, userId: string) {
  const keys = await passkeysOf(db, userId);
  return generateAuthenticationOptions({
    rpID: relyingParty().id,
    allowCredentials: keys.map((key) => ({ id: key.credentialId, transports: asTransports(key.transports) })),
    userVerification: 'preferred',
  });
}

/**
 * Whether an assertion proves one of the user's passkeys for this challenge; moves its signature
 * counter on (a counter that goes back means a cloned key and is refused).
 */
export async function verifyAssertion(
  db: DbOrTx,
  userId: string,
  response: AuthenticationResponseJSON,
  expectedChallenge: string,
): Promise<boolean> {
  const keys = await passkeysOf(db, userId);
  const key = keys.find((candidate) => candidate.credentialId === response.id);
  if (!key) return false;
  const rp = relyingParty();
  const result = await verifyAuthenticationResponse({
    response,
    expectedChallenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: key.credentialId,
      publicKey: new Uint8Array(key.publicKey),
      counter: key.counter,
      transports: asTransports(key.transports),
    },
    requireUserVerification: false,
  }).catch(() => null);
  if (!result?.verified) return false;
  await db
    .update(mfaPasskeys)
    .set({ counter: result.authenticationInfo.newCounter, lastUsedAt: new Date() })
    .where(eq(mfaPasskeys.id, key.id));
  return true;
}
