import { contentSecurityPolicy, createNonce, isHttpsDeployment, nonceFromPolicy } from './security-headers';

describe('contentSecurityPolicy', () => {
  it('allows scripts only with the nonce and forbids framing, plugins and foreign bases', () => {
    const policy = contentSecurityPolicy('abc123', { isDev: false, isHttps: false });
    const directives = Object.fromEntries(policy.split('; ').map((part) => [part.split(' ')[0], part]));
    expect(directives['script-src']).toBe(`script-src 'self' 'nonce-abc123' 'strict-dynamic'`);
    expect(directives['script-src']).not.toContain('unsafe-inline');
    expect(directives['frame-ancestors']).toBe(`frame-ancestors 'none'`);
    expect(directives['object-src']).toBe(`object-src 'none'`);
    expect(directives['base-uri']).toBe(`base-uri 'self'`);
    expect(policy).not.toContain('upgrade-insecure-requests');
  });

  it('upgrades requests behind https and lets the dev server evaluate code', () => {
    expect(contentSecurityPolicy('n', { isDev: false, isHttps: true })).toContain('upgrade-insecure-requests');
    expect(contentSecurityPolicy('n', { isDev: true, isHttps: false })).toContain(`'unsafe-eval'`);
  });
});

describe('createNonce', () => {
  it('is new every time and base64 of 16 bytes', () => {
    const nonces = new Set(Array.from({ length: 50 }, createNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});

describe('isHttpsDeployment', () => {
  it('is true only for an https public URL', () => {
    expect(isHttpsDeployment('https://benefits.example.com')).toBe(true);
    expect(isHttpsDeployment('http://127.0.0.1:3000')).toBe(false);
    expect(isHttpsDeployment(undefined)).toBe(false);
  });
});

describe('nonceFromPolicy', () => {
  it('finds the nonce contentSecurityPolicy wrote, and nothing in a policy without one', () => {
    const nonce = createNonce();
    expect(nonceFromPolicy(contentSecurityPolicy(nonce, { isDev: true, isHttps: true }))).toBe(nonce);
    expect(nonceFromPolicy(`default-src 'self'; script-src 'self'`)).toBeUndefined();
    expect(nonceFromPolicy(null)).toBeUndefined();
    expect(nonceFromPolicy(undefined)).toBeUndefined();
  });
});
