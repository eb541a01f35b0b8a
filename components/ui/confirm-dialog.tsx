'use client';

import { useState } from 'react';
import { clientOnly } from './client-only';
import type { ConfirmDialogProps } from './confirm-dialog-modal';

export type { ConfirmDialogProps } from './confirm-dialog-modal';

const loadModal = () => import('./confirm-dialog-modal').then((module) => module.ConfirmDialogModal);
const ConfirmDialogModal = clientOnly(loadModal);

/**
 * A yes/no question before an action (suspend, archive, request activation). The dialog and
 * react-bootstrap's Modal load when it is first asked for (they were ~15 kB gzip on every detail
 * page that has an action bar; issue 15), and stay mounted afterwards so it can animate out.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [wasShown, setWasShown] = useState(props.show);
  if (props.show && !wasShown) setWasShown(true);
  return wasShown ? <ConfirmDialogModal {...props} /> : null;
}
