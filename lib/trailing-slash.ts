/** A last segment that is a file name (`robots.txt`, `<id>.css`): Next's own test for `trailingSlash`. */
const FILE_SEGMENT = /\/[^/]+\.\w+$/;
const PLAIN_SEGMENT = /\/[^/.]+$/;

/**
 * The form of a page path that `trailingSlash: true` serves: with a trailing slash, unless its last
 * segment is a file name (`/accounts` → `/accounts/`, `/robots.txt/` → `/robots.txt`). Next redirects
 * to it by itself only without `skipTrailingSlashRedirect`; this app sets that so the API answers both
 * forms (next.config.ts), and the middleware redirects pages with this rule.
 */
export function trailingSlashPath(pathname: string): string {
  if (pathname.endsWith('/')) {
    const withoutSlash = pathname.slice(0, -1);
    return FILE_SEGMENT.test(withoutSlash) ? withoutSlash : pathname;
  }
  return PLAIN_SEGMENT.test(pathname) ? `${pathname}/` : pathname;
}
