'use client';

import type { ReactNode } from 'react';

export interface SubmitButtonProps {
  /** Saving, or saved and navigating away: the button stays disabled so a second click cannot send twice. */
  isBusy: boolean;
  /** Shown beside the spinner while busy ("Wird gespeichert …"). */
  busyLabel: string;
  children: ReactNode;
  className?: string;
}

/** A form's primary button with its busy state. */
export function SubmitButton({ isBusy, busyLabel, children, className = 'btn btn-primary' }: SubmitButtonProps) {
  return (
    <button type="submit" className={className} disabled={isBusy} aria-busy={isBusy || undefined}>
      {isBusy ? (
        <>
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          {busyLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}
