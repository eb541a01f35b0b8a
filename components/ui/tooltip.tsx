'use client';

import { useId, type ReactElement, type ReactNode } from 'react';
import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import BootstrapTooltip from 'react-bootstrap/Tooltip';
import type { Placement } from 'react-bootstrap/types';
import './overlays.scss';

/** Seed constants (SPEC §6): tooltips on hover and focus after 50 ms; overlays keep 5 px from the edge. */
export const TOOLTIP_DELAY_MS = 50;
export const OVERLAY_BOUNDARY_PADDING = 5;
export const OVERLAY_POPPER_CONFIG = {
  modifiers: [{ name: 'preventOverflow', options: { padding: OVERLAY_BOUNDARY_PADDING } }],
};

export interface TooltipProps {
  /** The tooltip text (already translated). */
  text: ReactNode;
  /** One element that takes a ref and can receive focus (a button, a link). */
  children: ReactElement;
  placement?: Placement;
  id?: string;
}

/** A Bootstrap tooltip on hover and keyboard focus; not for content the user must read to act. */
export function Tooltip({ text, children, placement = 'top', id }: TooltipProps) {
  const generatedId = useId();
  return (
    <OverlayTrigger
      trigger={['hover', 'focus']}
      delay={TOOLTIP_DELAY_MS}
      placement={placement}
      popperConfig={OVERLAY_POPPER_CONFIG}
      overlay={<BootstrapTooltip id={id ?? generatedId}>{text}</BootstrapTooltip>}
    >
      {children}
    </OverlayTrigger>
  );
}
