import 'server-only';
import type { z } from 'zod';
import { BULK_MAX_IDS } from '@/lib/schemas/bulk-constants';
import { bulkResultSchema } from '@/lib/schemas/bulk';
import type { Scope } from '@/lib/schemas/roles';
import { defineOperation } from './operation';

/**
 * `POST /{resource}/bulk` (issue 26): one action on up to 1,000 rows, each row in its own
 * transaction through the single action's service; answers every id with its outcome. Needs an
 * Idempotency-Key, so a retry after a lost answer replays it instead of acting twice.
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
    summary: `${input.actions} on up to ${BULK_MAX_IDS} rows at once (more → 422, nothing done). Each row is done in its own transaction with the rules, history and notifications of the single action; the answer lists every id with its outcome. Needs an Idempotency-Key (428 without one): a retry with it replays the first answer`,
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
