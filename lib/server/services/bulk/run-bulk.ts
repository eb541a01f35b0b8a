import 'server-only';
import { BULK_OUTCOMES, type BulkOutcome, type BulkResult, type BulkRowResult } from '@/lib/schemas/bulk-constants';
import { ApiError } from '@/lib/server/http/api-error';
import { normaliseIds } from '@/lib/schemas/bulk';
import { setImmediate } from 'node:timers/promises';
import type { ExpectedVersion } from '@/lib/server/db/versioned-update';

/** How a single action's refusal reads as one row's outcome. */
function outcomeOf(error: ApiError): BulkOutcome {
  switch (error.code) {
    case 'not_found':
      return 'not_found';
    case 'forbidden':
    case 'four_eyes':
      return 'forbidden';
    case 'conflict':
    case 'locked':
    case 'rate_limited':
    case 'precondition_required':
      return 'conflict';
    default:
      return 'invalid';
  }
}

function rowResult(id: string, error: ApiError): BulkRowResult {
  const outcome = outcomeOf(error);
  // An id outside reach answers as an unknown one: the same outcome and no text that tells them apart.
  if (outcome === 'not_found') return { id, outcome };
  const detail = error.details?.[0];
  return {
    id,
    outcome,
    reason: {
      code: detail?.code ?? error.code,
      message: detail?.message ?? error.message,
      ...(detail?.params ? { params: detail.params } : {}),
    },
  };
}

/**
 * Runs one row's single action for each id (a repeated id once, however spelt), one after the
 * other, each in the transaction of the single action and at its own time, so every row follows
 * the same rules, history, throttles and notifications as if it had been sent alone. Between rows
 * other requests get their turn. A refusal becomes that row's outcome; the database failing stops
 * the run (503), and what was done stays done: a retry answers `not_found`/`conflict` for those rows.
 */
export async function runBulk(ids: readonly string[], act: (id: string) => Promise<unknown>): Promise<BulkResult> {
  const results: BulkRowResult[] = [];
  for (const id of normaliseIds(ids)) {
    // A row is a few statements (~8 ms on the embedded database): other requests go between rows.
    if (results.length > 0) await setImmediate();
    try {
      await act(id);
      results.push({ id, outcome: 'ok' });
    } catch (error) {
      if (!(error instanceof ApiError) || error.statusCode >= 500) throw error;
      results.push(rowResult(id, error));
    }
  }
  const counts = Object.fromEntries(BULK_OUTCOMES.map((outcome) => [outcome, 0])) as Record<BulkOutcome, number>;
  for (const result of results) counts[result.outcome] += 1;
  return { results, counts };
}

/**
 * The version a versioned single action builds on: the one the caller saw, else whatever the row
 * has when the action locks it (no read of its own: the action's lock checks reach as well).
 */
export function versionOf(id: string, versions: Readonly<Record<string, number>> | undefined): ExpectedVersion {
  return versions?.[id] ?? 'current';
}
