/** @jest-environment node */
import { otherMethods } from './method-not-allowed';

// The wrapper's module pulls in authentication (jose, ES module only); these handlers never use it.
jest.mock('@/lib/server/auth/authenticate', () => ({ authenticate: jest.fn() }));

describe('otherMethods', () => {
  it('refuses an undeclared method with 405 and the same Allow that OPTIONS answers', async () => {
    const handlers = otherMethods('GET', 'POST');
    const refused = handlers.PUT();
    expect(refused.status).toBe(405);
    expect(refused.headers.get('allow')).toBe('GET, POST, HEAD, OPTIONS');
    expect(await refused.json()).toMatchObject({ statusCode: 405, code: 'method_not_allowed' });

    const options = handlers.OPTIONS();
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, POST, HEAD, OPTIONS');
  });

  it('names HEAD only where GET is allowed', () => {
    expect(otherMethods('POST').OPTIONS().headers.get('allow')).toBe('POST, OPTIONS');
  });
});
