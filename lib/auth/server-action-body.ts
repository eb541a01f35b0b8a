/**
 * Next answers a Server Action call whose body it cannot decode (vercel/next.js#86945) or whose
 * body is over `serverActions.bodySizeLimit` (the "TODO … respond with a 413" in its
 * action-handler) with 500. The middleware checks the body first and answers 400 or 413 instead,
 * so only a well-formed call reaches the action. Runs on the edge.
 */

/** Next's default `serverActions.bodySizeLimit` (next.config.ts does not change it). */
export const SERVER_ACTION_BODY_LIMIT = 1024 * 1024;

/** The request calls a Server Action from the browser (Next's own test: a `Next-Action` header). */
export function isServerActionCall(req: Request): boolean {
  return req.method === 'POST' && req.headers.has('next-action');
}

/** The body's bytes, or null once it is longer than `limit`. */
async function readAtMost(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > limit) {
      // Not awaited: cancelling one copy of a teed body settles only once the other is cancelled too.
      reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
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
