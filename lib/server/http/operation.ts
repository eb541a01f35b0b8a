import 'server-only';
import type { z } from 'zod';
import type { Scope } from '@/lib/schemas/roles';

export type Access = Scope | 'authenticated' | 'public';

/**
 * One API operation: the contract the handler enforces and the OpenAPI document describes,
 * so that the two cannot drift apart.
 */
export interface Operation<
  B extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  A extends Access = Access,
> {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  summary: string;
  tag: string;
  access: A;
  body?: B;
  query?: Q;
  params?: P;
  response?: R;
  /** Default: 200 with a `response` or `file`, else 204 (successStatusOf). */
  successStatus?: number;
  /** The answer's version, sent as its weak ETag (single records, SPEC §5). */
  /** The record's version; undefined for an answer without one (an as-of view, issue 51): no ETag then. */
  etag?(answer: z.output<R>): number | undefined;
  /**
   * Where the resource a 201 created is read, below the API mount (`(task) => `/tasks/${task.id}``):
   * sent as its `Location`, a path on the API's own host.
   */
  location?(answer: z.output<R>): string;
  /**
   * The operation reads `If-Match` (the version from a read's ETag; a stale one → 409): `required`
   * answers 428 without it (a PATCH also takes the body's `version`), `optional` checks it only when sent.
   */
  ifMatch?: 'required' | 'optional';
  /**
   * The answer is a file rather than JSON (a CSV export, a document's content): its media types, and
   * what its ETag is when it has one.
   */
  file?: { contentTypes: readonly string[]; etag?: string };
  /** A status other than `successStatus` that depends on the answer (readiness: 503). */
  statusOf?(answer: z.output<R>): number;
  /** The statuses `statusOf` can choose besides the success status; they answer the `response` schema too. */
  answerStatuses?: number[];
  /** Headers that depend on the answer (readiness: Retry-After). */
  headersOf?(answer: z.output<R>): Record<string, string>;
  /** Extra error codes the operation answers, documented in the OpenAPI document. */
  errors?: number[];
  /**
   * A body that is not JSON (the whitelist's CSV): the handler streams it itself within
   * `maxBodyBytes`; the OpenAPI document names its media type.
   */
  rawBody?: { contentType: string };
  /**
   * The body is multipart/form-data: text parts checked with `body` and at most one file part
   * `file`, streamed to a temporary file with the `MAX_UPLOAD_BYTES` limit (lib/server/http/multipart.ts).
   */
  multipart?: boolean;
  /**
   * `required`: the operation runs only with an `Idempotency-Key` (428 without one) and replays its
   * first answer to a retry (bulk actions). Creates (POST answering 201) accept one anyway.
   */
  idempotencyKey?: 'required';
  /**
   * The handler commits in steps of its own (a bulk action: one transaction per row), so an
   * idempotent call claims its key first and stores the answer at the end instead of wrapping
   * the whole run in one transaction.
   */
  commitsInSteps?: boolean;
  /** Body limit in bytes for JSON and raw bodies (JSON default 1 MiB). */
  maxBodyBytes?: number;
  /**
   * Open to a user who must first set up a second factor (MFA_REQUIRED_ROLES): enrolment, the own
   * profile, who am I, sign-out. Every other operation answers 403 `mfa_enrolment_required` to them.
   */
  duringMfaEnrolment?: boolean;
  /** False for the few operations that never touch the database: load shedding leaves them alone. */
  usesDatabase?: boolean;
}

export function defineOperation<
  B extends z.ZodType = z.ZodNever,
  Q extends z.ZodType = z.ZodNever,
  P extends z.ZodType = z.ZodNever,
  R extends z.ZodType = z.ZodNever,
  A extends Access = Access,
>(operation: Operation<B, Q, P, R, A>): Operation<B, Q, P, R, A> {
  return operation;
}

/** The status of a successful answer: the declared one, else 200 with a body and 204 without. */
export function successStatusOf(operation: Operation): number {
  return operation.successStatus ?? (operation.response || operation.file ? 200 : 204);
}

/** The answer of every `GET /export/{resource}.csv` (lib/server/http/csv.ts). */
export const CSV_EXPORT = { contentTypes: ['text/csv'] } as const satisfies Operation['file'];
/** The answer of every `GET /export/{resource}.xlsx` (lib/server/http/xlsx.ts). */
export const XLSX_EXPORT = {
  contentTypes: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
} as const satisfies Operation['file'];
/** A person's data (GDPR Art. 15/20): one JSON document, streamed as an attachment. */
export const PERSONAL_DATA_EXPORT = { contentTypes: ['application/json'] } as const satisfies Operation['file'];
