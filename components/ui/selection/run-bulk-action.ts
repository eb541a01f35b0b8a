import { isErrorBody } from '@/lib/schemas/error-body';
import { BULK_BATCH_SIZE, type BulkRowResult } from '@/lib/schemas/bulk-constants';
import { batches } from './selection-results';

export class BulkRequestError extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
    this.name = 'BulkRequestError';
  }
}

async function postBatch(path: string, body: Record<string, unknown>, key: string): Promise<BulkRowResult[]> {
  // A lost answer or a busy server is asked again with the same key: the API replays, never acts twice.
  for (let attempt = 0; ; attempt += 1) {
    let response: Response | null = null;
    try {
      response = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': key },
        body: JSON.stringify(body),
      });
    } catch (error) {
      if (attempt >= 2) throw error;
    }
    if (response?.ok) return ((await response.json()) as { results: BulkRowResult[] }).results;
    if (response && response.status !== 503 && response.status !== 409) {
      const answer: unknown = await response.json().catch(() => null);
      throw new BulkRequestError(isErrorBody(answer) ? answer.message : response.statusText, response.status);
    }
    if (attempt >= 2) throw new BulkRequestError(response?.statusText ?? 'network', response?.status ?? 0);
    await new Promise((resolve) => setTimeout(resolve, 1000 * (attempt + 1)));
  }
}

/**
 * Sends a bulk action in requests of BULK_BATCH_SIZE rows, one after the other, each with its own
 * Idempotency-Key, and reports after each how many rows are done (the progress bar). Batches
 * rather than one streamed answer: every request stays a plain JSON answer the API documents,
 * checks and replays to a retry, and a failure loses at most one batch's answer.
 */
export async function runBulkAction(input: {
  path: string;
  action: string;
  params: Record<string, unknown>;
  ids: readonly string[];
  versions?: Readonly<Record<string, number>>;
  onProgress: (done: number) => void;
}): Promise<BulkRowResult[]> {
  const results: BulkRowResult[] = [];
  for (const ids of batches(input.ids, BULK_BATCH_SIZE)) {
    const versions = input.versions
      ? Object.fromEntries(ids.flatMap((id) => (input.versions?.[id] ? [[id, input.versions[id]]] : [])))
      : undefined;
    const body = { action: input.action, ids, ...(versions ? { versions } : {}), ...input.params };
    results.push(...(await postBatch(input.path, body, crypto.randomUUID())));
    input.onProgress(results.length);
  }
  return results;
}
