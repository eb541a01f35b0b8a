import 'server-only';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { getEnv, requireSecret } from '@/lib/env';

const VERSION = 'v1';
const INFO = 'benefits-mfa-totp-secret-v1';

/**
 * The key that encrypts TOTP secrets at rest: HKDF-SHA256 of MFA_ENCRYPTION_SECRET (default
 * API_TOKEN_SECRET), so a database dump alone reveals no secret.
 */
export function mfaKey(secret = getEnv().MFA_ENCRYPTION_SECRET ?? requireSecret('API_TOKEN_SECRET')): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'benefits-mfa', INFO, 32));
}

/** AES-256-GCM with a random 96-bit nonce: `v1.<nonce>.<tag>.<ciphertext>` (base64url). */
export function encryptSecret(plain: string, key: Buffer = mfaKey()): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(VERSION));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, nonce, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Decrypts what encryptSecret wrote; throws on a wrong key or a changed value. */
export function decryptSecret(sealed: string, key: Buffer = mfaKey()): string {
  const [version, nonce, tag, body] = sealed.split('.');
  if (version !== VERSION || !nonce || !tag || body === undefined) throw new Error('decryptSecret: unknown format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
  decipher.setAAD(Buffer.from(VERSION));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
