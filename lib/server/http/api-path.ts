/**
 * Where the benefits API is mounted in this app (app/api/v1). Below it every path answers with and
 * without its trailing slash alike, without a redirect (next.config.ts `skipTrailingSlashRedirect`).
 */
export const API_MOUNT = '/api/v1';
