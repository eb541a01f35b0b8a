/**
 * Next answers a Server Action call whose body it cannot decode (vercel/next.js#86945) or whose
 * body is over `serverActions.bodySizeLimit` (the "TODO … respond with a 413" in its
 * action-handler) with 500. The middleware checks the body first and answers 400 or 413 instead,
 * so only a well-formed call reaches the action. Runs on the edge.
 */
import { readAtMost } from '@/lib/read-at-most';

/** Next's default `serverActions.bodySizeLimit` (next.config.ts does not change it). */
export const SERVER_ACTION_BODY_LIMIT = 1024 * 1024;

/** A Server Action call from the browser's router, the one kind that carries a `Next-Action` header. */
export function isServerActionCall(req: Request): boolean {
  return req.method === 'POST' && req.headers.has('next-action');
}

/**
 * 413 for a body over the limit, 400 for one that is no encoded argument list (a multipart form,
 * else React's `encodeReply` JSON), null for a call Next can decode.
 */
export async function refusedServerActionStatus(
  req: Request,
  limit = SERVER_ACTION_BODY_LIMIT,
): Promise<400 | 413 | null> {
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > limit) return 413;
  // A copy: Next hands the same body to the action afterwards.
  const bytes = await readAtMost(req.clone().body, limit);
  if (!bytes) return 413;
  const type = req.headers.get('content-type') ?? '';
  try {
    if (type.toLowerCase().startsWith('multipart/form-data')) {
      await new Response(bytes, { headers: { 'content-type': type } }).formData();
    } else {
      JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    }
    return null;
  } catch {
    return 400;
  }
}
