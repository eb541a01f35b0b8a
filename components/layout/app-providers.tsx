'use client';

import type { ReactNode } from 'react';
import { ToastProvider } from '@/components/ui/toast-provider';

/** TanStack Query is provided where it is used (components/layout/query-client.tsx), not here. */
export function AppProviders({ children }: { children: ReactNode }) {
  return <ToastProvider>{children}</ToastProvider>;
}
