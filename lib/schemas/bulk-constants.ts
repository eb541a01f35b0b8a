/**
 * Bulk actions (issue 26), without zod so the list pages' bulk bar can import them: at most this
 * many ids per request (more → 422, nothing done), and the outcome of each id.
 */
export const BULK_MAX_IDS = 1000;
/** The UI sends a larger selection in requests of this many rows and shows the progress between them. */
export const BULK_BATCH_SIZE = 100;
export const BULK_OUTCOMES = ['ok', 'not_found', 'forbidden', 'conflict', 'invalid'] as const;
export type BulkOutcome = (typeof BULK_OUTCOMES)[number];

export interface BulkRowResult {
  id: string;
  outcome: BulkOutcome;
  /** Why a row was not done: the error code or the problem's key (`validation.*`), and the German text. */
  reason?: { code: string; message: string; params?: Record<string, string | number> };
}

export interface BulkResult {
  results: BulkRowResult[];
  counts: Record<BulkOutcome, number>;
}
