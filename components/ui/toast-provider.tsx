'use client';

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import Toast from 'react-bootstrap/Toast';
import ToastContainer from 'react-bootstrap/ToastContainer';
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
}

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
  const t = useTranslations('common');
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const show = useCallback((toast: ToastInput) => {
    setToasts((current) => [...current, { ...toast, id: nextId++, delayMs: clampToastDelay(toast.delayMs) }]);
  }, []);
  const dismiss = (id: number) => setToasts((current) => current.filter((toast) => toast.id !== id));
  const value = useMemo(() => show, [show]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      <ToastContainer position="top-end" className="p-3 position-fixed" style={{ zIndex: 1090 }}>
        {toasts.map((toast) => (
          <Toast
            key={toast.id}
            onClose={() => dismiss(toast.id)}
            autohide
            delay={toast.delayMs}
            bg={toast.variant === 'danger' ? 'danger' : undefined}
            style={{ maxWidth: 350 }}
            role={toast.variant === 'danger' ? 'alert' : 'status'}
          >
            <Toast.Header closeLabel={t('close')}>
              <strong className="me-auto">{toast.title ?? ''}</strong>
            </Toast.Header>
            <Toast.Body className={toast.variant === 'danger' ? 'text-white' : undefined}>{toast.message}</Toast.Body>
          </Toast>
        ))}
      </ToastContainer>
    </ToastContext.Provider>
  );
}

export function useToast(): (toast: ToastInput) => void {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside <ToastProvider>');
  return show;
}
