import type { ReactNode } from 'react';
import type { ActionResult } from '@/lib/api-client/action';

/** What a record page's action bar (RecordActionBar) and its dialog (RecordActionDialog) are given. */
export interface RecordLink {
  href: string;
  label: string;
  /** Bootstrap button classes, e.g. `btn btn-primary`. */
  className: string;
  isShown?: boolean;
}

type Variant = 'primary' | 'danger' | 'warning' | 'success';

export interface RecordAction {
  key: string;
  label: string;
  /** Bootstrap button classes of the button that opens the dialog. */
  className: string;
  isShown?: boolean;
  dialog: { title: string; body: ReactNode; confirm: string; variant: Variant };
  /** The dialog asks for a reason (an approval request) with this label. */
  reasonLabel?: string;
  /** One call to the API; `idempotencyKey` is renewed after each success. */
  run: (input: { reason: string; idempotencyKey: string }) => Promise<ActionResult<unknown>>;
  success: string;
  /** Go here after a success (the record is gone, e.g. deleted) instead of refreshing the page. */
  successHref?: string;
  /**
   * A delete's undo (issue 51): the success toast says "Gelöscht" with "Rückgängig" for 10 s; pressing it
   * runs this and goes to `href` (the record again).
   */
  undo?: { run: () => Promise<ActionResult<unknown> | { ok: false; message: string }>; href: string };
}

export interface RecordActionBarProps {
  testId: string;
  links?: readonly RecordLink[];
  actions: readonly RecordAction[];
  /** "Die Aktion ist fehlgeschlagen: {message}". */
  failed: (message: string) => string;
  cancelLabel: string;
}
