import { trailingSlashPath } from './trailing-slash';

describe('trailingSlashPath (Next’s trailingSlash rule)', () => {
  it.each([
    ['/accounts', '/accounts/'],
    ['/accounts/', '/accounts/'],
    ['/accounts/6f0c2d38-6a3f-4c43-9d2b-3b8f4a1c2e10/show', '/accounts/6f0c2d38-6a3f-4c43-9d2b-3b8f4a1c2e10/show/'],
    ['/', '/'],
    ['/robots.txt', '/robots.txt'],
    ['/robots.txt/', '/robots.txt'],
    ['/accounts/x.css', '/accounts/x.css'],
    // Neither a file name nor a plain segment: Next leaves it as it is.
    ['/accounts/x.', '/accounts/x.'],
  ])('%s → %s', (path, served) => {
    expect(trailingSlashPath(path)).toBe(served);
  });
});
