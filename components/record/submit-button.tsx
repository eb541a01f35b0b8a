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

/**
 * A form's primary button with its busy state. Pressing it with the mouse does not take the focus
 * from the field being typed in: that blur would show the field's error first (validation on
 * touch), the message would push the button down before the mouse is released, and the click
 * would land beside it and be lost. Submitting then shows every error at once.
 */
export function SubmitButton({ isBusy, busyLabel, children, className = 'btn btn-primary' }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className={className}
      disabled={isBusy}
      aria-busy={isBusy || undefined}
      onMouseDown={(event) => event.preventDefault()}
    >
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
