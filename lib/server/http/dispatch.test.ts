/** @jest-environment node */
import { dispatchApiRequest, resolveApiPath } from './dispatch';
import { operations } from './operations';

const ID = '6f0c2d38-6a3f-4c43-9d2b-3b8f4a1c2e10';

// The handlers load every service of their module; file-type (ES modules only, its exports do not
// resolve for Jest's `require`) is not reached by the calls below.
jest.mock('file-type', () => ({ fileTypeFromFile: jest.fn() }), { virtual: true });

const dispatch = (method: string, path: string) =>
  dispatchApiRequest(new Request(`http://localhost/api/v1${path}`, { method }));

describe('the in-process dispatcher', () => {
  it.each(operations.map((operation) => [operation.method, operation.path]))(
    'resolves %s %s to its own path',
    (_method, operationPath) => {
      const resolved = resolveApiPath(`${operationPath.replace(/\[\w+\]/g, ID)}/`);
      expect(resolved?.path).toBe(operationPath);
    },
  );

  it('prefers a static segment to a dynamic one, as Next does', () => {
    expect(resolveApiPath('/accounts/distributors/')).toEqual({ path: '/accounts/distributors', params: {} });
    expect(resolveApiPath(`/accounts/${ID}/`)).toEqual({ path: '/accounts/[id]', params: { id: ID } });
    // No static route below /accounts/distributors: the dynamic one takes it, as Next's router does.
    expect(resolveApiPath('/accounts/distributors/children/')).toEqual({
      path: '/accounts/[id]/children',
      params: { id: 'distributors' },
    });
  });

  it('decodes params and leaves unknown paths to the catch-all', () => {
    expect(resolveApiPath('/users/a%20b/lock/')).toEqual({ path: '/users/[id]/lock', params: { id: 'a b' } });
    expect(resolveApiPath(`/documents/${ID}/versions/2/content/`)).toEqual({
      path: '/documents/[id]/versions/[n]/content',
      params: { id: ID, n: '2' },
    });
    expect(resolveApiPath('/nope/deeper/')).toBeNull();
    expect(resolveApiPath('/export/unknown.csv')).toBeNull();
    expect(resolveApiPath('/')).toBeNull();
  });

  it('answers an unknown path 404 and an undeclared method 405 with Allow, as the route files do', async () => {
    const unknown = await dispatch('GET', '/nope/deeper/');
    expect({ status: unknown.status, code: (await unknown.json()).code }).toEqual({ status: 404, code: 'not_found' });
    const notAllowed = await dispatch('PUT', `/tasks/${ID}/`);
    expect({ status: notAllowed.status, allow: notAllowed.headers.get('allow') }).toEqual({
      status: 405,
      allow: 'GET, PATCH, DELETE, HEAD, OPTIONS',
    });
  });

  it('answers a path with and without its trailing slash alike, without a redirect', async () => {
    const withSlash = await dispatch('PUT', `/tasks/${ID}/`);
    const withoutSlash = await dispatch('PUT', `/tasks/${ID}`);
    expect([withSlash.status, withoutSlash.status]).toEqual([405, 405]);
    expect(withoutSlash.headers.get('allow')).toBe(withSlash.headers.get('allow'));
    expect((await dispatch('GET', '/export/unknown.csv')).status).toBe(404);
  });

  it('answers OPTIONS with the Allow a 405 names', async () => {
    const options = await dispatch('OPTIONS', `/tasks/${ID}/`);
    expect({ status: options.status, allow: options.headers.get('allow') }).toEqual({
      status: 204,
      allow: 'GET, PATCH, DELETE, HEAD, OPTIONS',
    });
  });
});
