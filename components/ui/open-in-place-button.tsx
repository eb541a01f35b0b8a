'use client';

import type { ReactNode, Ref } from 'react';
import type { useOpenInPlace } from './use-open-in-place';

/**
 * The button that opens a part in place (`useOpenInPlace`): it starts loading the part's code when
 * pointed at or focused, opens it on a click, and is busy while the code is still on its way.
 */
export function OpenInPlaceButton({
  part,
  ref,
  isOpening,
  className,
  testId,
  children,
}: {
  part: ReturnType<typeof useOpenInPlace>[0];
  ref: Ref<HTMLButtonElement>;
  isOpening: boolean;
  className: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <button
      ref={ref}
      type="button"
      className={className}
      onPointerEnter={part.preload}
      onFocus={part.preload}
      onClick={part.open}
      disabled={isOpening}
      aria-busy={isOpening || undefined}
      data-testid={testId}
    >
      {children}
    </button>
  );
}
