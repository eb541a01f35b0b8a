'use client';

import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';

/** Toasts: top right, hide after 5 s, never sooner than 1 s, at most 350 px wide (seed §9). */
export const TOAST_DEFAULT_DELAY_MS = 5000;
export const TOAST_MIN_DELAY_MS = 1000;

export type ToastVariant = 'success' | 'danger' | 'warning' | 'info';

export interface ToastInput {
  message: string;
  title?: string;
  variant?: ToastVariant;
  delayMs?: number;
  /** A button in the toast ("Rückgängig", issue 51): pressing it runs `run` and closes the toast. */
  action?: { label: string; run: () => void };
}

/** How long a toast with an undo stays (issue 51). */
export const UNDO_TOAST_DELAY_MS = 10_000;

interface ToastItem extends ToastInput {
  id: number;
  delayMs: number;
}

const ToastContext = createContext<((toast: ToastInput) => void) | null>(null);

export function clampToastDelay(delayMs: number | undefined): number {
  if (delayMs === undefined || !Number.isFinite(delayMs)) return TOAST_DEFAULT_DELAY_MS;
  return Math.max(TOAST_MIN_DELAY_MS, delayMs);
}

let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const show = useCallback((toast: ToastInput) => {
    setToasts((current) => [...current, { ...toast, id: nextId++, delayMs: clampToastDelay(toast.delayMs) }]);
  }, []);
  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      {/* Bootstrap's own toast markup and classes: react-bootstrap's Toast brought ~9 kB of
          transition code to every page for a fade (issue 15). */}
      <div className="toast-container position-fixed top-0 end-0 p-3" style={{ zIndex: 1090 }}>
        {toasts.map((toast) => (
          <ToastView key={toast.id} toast={toast} onClose={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

function ToastView({ toast, onClose }: { toast: ToastItem; onClose: (id: number) => void }) {
  const t = useTranslations('common');
  const [isShown, setShown] = useState(false);
  useEffect(() => {
    // One frame as `.fade` first, so Bootstrap's opacity transition runs.
    const frame = requestAnimationFrame(() => setShown(true));
    const timer = setTimeout(() => onClose(toast.id), toast.delayMs);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [toast.id, toast.delayMs, onClose]);
  const isDanger = toast.variant === 'danger';
  return (
    <div
      className={`toast fade${isShown ? ' show' : ''}${isDanger ? ' bg-danger' : ''}`}
      style={{ maxWidth: 350, display: 'block' }}
      role={isDanger ? 'alert' : 'status'}
      aria-live={isDanger ? 'assertive' : 'polite'}
      aria-atomic="true"
    >
      <div className="toast-header">
        <strong className="me-auto">{toast.title ?? ''}</strong>
        <button type="button" className="btn-close" aria-label={t('close')} onClick={() => onClose(toast.id)} />
      </div>
      <div className={`toast-body${isDanger ? ' text-white' : ''}`}>
        {/* Its own element: the message reads (and is found) as itself beside an action's button. */}
        <span>{toast.message}</span>
        {toast.action ? (
          <button
            type="button"
            className="btn btn-sm btn-outline-primary ms-2"
            data-testid="toast-action"
            onClick={() => {
              onClose(toast.id);
              toast.action?.run();
            }}
          >
            {toast.action.label}
          </button>
        ) : null}
      </div>
    </div>
  );
}

export function useToast(): (toast: ToastInput) => void {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside <ToastProvider>');
  return show;
}
