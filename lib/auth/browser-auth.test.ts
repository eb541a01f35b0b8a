import { signInWithCredentials } from './browser-auth';

// jsdom has no Response; the code under test reads only these three members.
const json = (body: unknown, status = 200) =>
  ({ status, ok: status >= 200 && status < 300, json: async () => body }) as Response;

describe('signInWithCredentials', () => {
  const fetchMock = jest.fn<Promise<Response>, [string, RequestInit?]>();
  beforeEach(() => {
    fetchMock.mockReset();
    global.fetch = fetchMock as unknown as typeof fetch;
  });

  it('posts the credentials with the CSRF token as next-auth/react does, without navigating', async () => {
    fetchMock
      .mockResolvedValueOnce(json({ csrfToken: 'csrf-1' }))
      .mockResolvedValueOnce(json({ url: 'http://localhost/' }));
    const result = await signInWithCredentials({ email: 'a@example.com', password: 'secret' });
    expect(result).toEqual({ error: null, ok: true, status: 200, url: 'http://localhost/' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/csrf/');
    const [path, init] = fetchMock.mock.calls[1] ?? [];
    expect(path).toBe('/api/auth/callback/credentials/');
    expect(init?.method).toBe('POST');
    expect(Object.fromEntries(init?.body as URLSearchParams)).toEqual({
      email: 'a@example.com',
      password: 'secret',
      redirect: 'false',
      callbackUrl: window.location.href,
      csrfToken: 'csrf-1',
      json: 'true',
    });
  });

  it("reports next-auth's error code from the answer's URL", async () => {
    fetchMock
      .mockResolvedValueOnce(json({ csrfToken: 'csrf-1' }))
      .mockResolvedValueOnce(json({ url: 'http://localhost/api/auth/error?error=locked%3A62' }, 401));
    expect(await signInWithCredentials({ email: 'a@example.com', password: 'x' })).toEqual({
      error: 'locked:62',
      ok: false,
      status: 401,
      url: null,
    });
  });
});
