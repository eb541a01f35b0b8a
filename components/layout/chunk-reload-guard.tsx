'use client';

import { useEffect } from 'react';
import { isChunkLoadError, shouldReloadForChunkError } from '@/lib/chunk-reload-guard';

export function ChunkReloadGuard() {
  useEffect(() => {
    const handle = (error: unknown) => {
      if (isChunkLoadError(error) && shouldReloadForChunkError(window.sessionStorage)) window.location.reload();
    };
    const onError = (event: ErrorEvent) => handle(event.error ?? event.message);
    const onRejection = (event: PromiseRejectionEvent) => handle(event.reason);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);
  return null;
}
