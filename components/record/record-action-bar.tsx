'use client';

import { useState } from 'react';
import Link from 'next/link';
import { clientOnly } from '@/components/ui/client-only';
import type { RecordActionBarProps } from './record-action';

const loadDialog = () => import('./record-action-dialog').then((module) => module.RecordActionDialog);
const RecordActionDialog = clientOnly(loadDialog);
const preloadDialog = () => void loadDialog();

/**
 * A record page's buttons: links (edit, sheet) and actions behind a confirmation (lock, suspend,
 * request an approval). The confirmation and the call behind it (RecordActionDialog) load when the
 * pointer or focus first reaches an action, or with its first press (issue 30), and stay mounted
 * afterwards so the dialog can animate out.
 */
export function RecordActionBar({ testId, links = [], actions, failed, cancelLabel }: RecordActionBarProps) {
  const [openKey, setOpenKey] = useState<string | null>(null);
  const [wasOpened, setWasOpened] = useState(false);
  const open = actions.find((action) => action.key === openKey) ?? null;

  const shownLinks = links.filter((link) => link.isShown !== false);
  const shownActions = actions.filter((action) => action.isShown !== false);
  if (shownLinks.length === 0 && shownActions.length === 0) return null;

  return (
    <div className="d-flex flex-wrap gap-2 d-print-none" data-testid={testId}>
      {shownLinks.map((link) => (
        <Link key={link.href} href={link.href} className={link.className}>
          {link.label}
        </Link>
      ))}
      {shownActions.map((action) => (
        <button
          key={action.key}
          type="button"
          className={action.className}
          onPointerEnter={preloadDialog}
          onFocus={preloadDialog}
          onClick={() => {
            setWasOpened(true);
            setOpenKey(action.key);
          }}
        >
          {action.label}
        </button>
      ))}
      {wasOpened ? (
        <RecordActionDialog action={open} failed={failed} cancelLabel={cancelLabel} onHide={() => setOpenKey(null)} />
      ) : null}
    </div>
  );
}
