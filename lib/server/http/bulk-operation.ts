import 'server-only';
import type { z } from 'zod';
import { BULK_MAX_IDS } from '@/lib/schemas/bulk-constants';
import { bulkResultSchema } from '@/lib/schemas/bulk';
import type { Scope } from '@/lib/schemas/roles';
import { defineOperation } from './operation';

/**
 * `POST /{resource}/bulk` (issues 26, 45): one action on up to 1,000 rows through the single
 * action's service, row by row (lib/server/services/bulk/run-bulk.ts). The key is required so a
 * retry after a lost answer replays it instead of acting twice.
 */
export function bulkOperation<B extends z.ZodType>(input: {
  path: string;
  tag: string;
  access: Scope;
  body: B;
  actions: string;
}) {
  return defineOperation({
    method: 'POST',
    path: input.path,
    summary: `${input.actions} on up to ${BULK_MAX_IDS} rows (more → 422, nothing done), each row in its own transaction as the single action; answers every id's outcome. An id counts once in any letter case. Needs an Idempotency-Key (428 without): a retry replays the first answer (while the first still runs: it waits up to 5 s, then 409)`,
    tag: input.tag,
    access: input.access,
    body: input.body,
    response: bulkResultSchema,
    idempotencyKey: 'required',
    commitsInSteps: true,
    // 1,000 uuids with their versions and a comment stay far below this.
    maxBodyBytes: 256 * 1024,
  });
}
