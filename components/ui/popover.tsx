'use client';

import { useId, type ReactElement, type ReactNode } from 'react';
import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import BootstrapPopover from 'react-bootstrap/Popover';
import type { Placement } from 'react-bootstrap/types';
import './overlays.scss';
import { OVERLAY_POPPER_CONFIG } from './tooltip';

export interface PopoverProps {
  title?: ReactNode;
  content: ReactNode;
  /** One element that takes a ref, normally a `<button type="button">`. */
  children: ReactElement;
  placement?: Placement;
  id?: string;
}

/** A Bootstrap popover opened by a click (SPEC §6); a click elsewhere or Escape closes it. */
export function Popover({ title, content, children, placement = 'right', id }: PopoverProps) {
  const generatedId = useId();
  return (
    <OverlayTrigger
      trigger="click"
      rootClose
      placement={placement}
      popperConfig={OVERLAY_POPPER_CONFIG}
      overlay={
        <BootstrapPopover id={id ?? generatedId}>
          {title ? <BootstrapPopover.Header as="h3">{title}</BootstrapPopover.Header> : null}
          <BootstrapPopover.Body>{content}</BootstrapPopover.Body>
        </BootstrapPopover>
      }
    >
      {children}
    </OverlayTrigger>
  );
}
