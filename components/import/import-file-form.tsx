'use client';

import { useId, type FormEvent, type ReactNode } from 'react';
import type { RequestState } from '@/components/ui/use-latest-request';

/** Both formats every importer reads (lib/server/import): CSV and XLSX. */
const IMPORT_ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface ImportFileFormProps {
  fileLabel: string;
  checkLabel: string;
  checkingLabel: string;
  isChecking: boolean;
  onFile: (file: File | null) => void;
  onCheck: (event: FormEvent) => void;
  /** Fields before the file (the whitelist's account), each in its own column. */
  children?: ReactNode;
  /** Bootstrap column classes of the file field and of the button. */
  columns?: { file: string; button: string };
  /** What is missing before a check (a warning). */
  problem: string | null;
  /** The requests whose refusal is shown, in order (the check's, the import's). */
  requests: readonly RequestState<unknown>[];
  /** A refusal in the user's words (no stack, no raw answer). */
  failureText: (error: unknown) => string;
}

/**
 * The importers' file form (issue 49), shared by the account and user imports and the whitelist's:
 * the file field (CSV or XLSX), the check button while the dry run is under way, and below it what
 * is missing and why a check or an import was refused. Presentational only: no request code, so the
 * whitelist's page stays as small as it was (issue 15).
 */
export function ImportFileForm({
  fileLabel,
  checkLabel,
  checkingLabel,
  isChecking,
  onFile,
  onCheck,
  children,
  columns = { file: 'col-md-8', button: 'col-md-4' },
  problem,
  requests,
  failureText,
}: ImportFileFormProps) {
  const id = useId();
  return (
    <>
      <form noValidate onSubmit={onCheck} className="row g-3 align-items-end mb-3">
        {children}
        <div className={columns.file}>
          <label htmlFor={`${id}-file`} className="form-label">
            {fileLabel} <span aria-hidden="true">*</span>
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept={IMPORT_ACCEPT}
            className="form-control"
            aria-required
            onChange={(event) => onFile(event.target.files?.[0] ?? null)}
          />
        </div>
        <div className={columns.button}>
          <button type="submit" className="btn btn-outline-primary w-100" disabled={isChecking}>
            {isChecking ? checkingLabel : checkLabel}
          </button>
        </div>
      </form>
      {problem ? (
        <div className="alert alert-warning" role="alert">
          {problem}
        </div>
      ) : null}
      {requests.map((request, index) =>
        request.status === 'error' ? (
          <div key={index} className="alert alert-danger" role="alert">
            {failureText(request.error)}
          </div>
        ) : null,
      )}
    </>
  );
}
