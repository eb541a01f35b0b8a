/**
 * @jest-environment node
 */
import { decryptSecret, encryptSecret, mfaKey } from './mfa-crypto';
import {
  acceptTotp,
  newRecoveryCodes,
  newTotpSecret,
  normaliseRecoveryCode,
  totpCode,
  totpStep,
  totpUri,
} from './totp';

const KEY = mfaKey('a-test-secret-of-at-least-32-characters!');

describe('TOTP secrets at rest', () => {
  it('round-trips and never stores the plain secret', () => {
    const secret = newTotpSecret();
    const sealed = encryptSecret(secret, KEY);
    expect(sealed).not.toContain(secret);
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(decryptSecret(sealed, KEY)).toBe(secret);
  });

  it('uses a fresh nonce every time', () => {
    expect(encryptSecret('x', KEY)).not.toBe(encryptSecret('x', KEY));
  });

  it('refuses another key and a changed value', () => {
    const sealed = encryptSecret('JBSWY3DPEHPK3PXP', KEY);
    expect(() => decryptSecret(sealed, mfaKey('another-secret-of-at-least-32-characters'))).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => decryptSecret(parts.join('.'), KEY)).toThrow();
    expect(() => decryptSecret('nonsense', KEY)).toThrow();
  });
});

describe('TOTP codes (RFC 6238)', () => {
  // RFC 6238 appendix B: the SHA-1 secret "12345678901234567890", T = 59 s → 94287082 (8 digits);
  // six digits are its last six.
  const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

  it('matches the RFC test vector', () => {
    expect(totpCode(RFC_SECRET, 59_000)).toBe('287082');
    expect(totpCode(RFC_SECRET, 1_111_111_109_000)).toBe('081804');
  });

  it('accepts the current step and one either side, nothing further', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_000_000;
    expect(totpStep(secret, totpCode(secret, now), now)).toBe(Math.floor(now / 30_000));
    expect(totpStep(secret, totpCode(secret, now - 30_000), now)).toBe(Math.floor(now / 30_000) - 1);
    expect(totpStep(secret, totpCode(secret, now + 30_000), now)).toBe(Math.floor(now / 30_000) + 1);
    expect(totpStep(secret, totpCode(secret, now - 90_000), now)).toBeNull();
    expect(totpStep(secret, 'abcdef', now)).toBeNull();
    expect(totpStep(secret, '12345', now)).toBeNull();
  });

  it('accepts a code once: no replay within its window', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_000_000;
    const code = totpCode(secret, now);
    const step = acceptTotp(secret, code, 0, now);
    expect(step).not.toBeNull();
    expect(acceptTotp(secret, code, step!, now)).toBeNull();
    expect(acceptTotp(secret, code, step!, now + 25_000)).toBeNull();
    // An older code after a newer one is refused as well.
    expect(acceptTotp(secret, totpCode(secret, now - 30_000), step!, now)).toBeNull();
    expect(acceptTotp(secret, totpCode(secret, now + 30_000), step!, now + 30_000)).toBe(step! + 1);
  });

  it('names issuer and account in the URI', () => {
    const uri = totpUri('JBSWY3DPEHPK3PXP', 'admin@example.com');
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(uri).toContain('secret=JBSWY3DPEHPK3PXP');
    expect(uri).toContain('issuer=Employee%20Benefits%20Master%20Tool');
    expect(uri).toContain('admin%40example.com');
  });
});

describe('recovery codes', () => {
  it('makes ten distinct codes of the documented shape', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  });

  it('compares typed codes without case, spaces or dashes', () => {
    expect(normaliseRecoveryCode(' K7M2Q 9XHTP ')).toBe('k7m2q9xhtp');
    expect(normaliseRecoveryCode('k7m2q-9xhtp')).toBe('k7m2q9xhtp');
  });
});
