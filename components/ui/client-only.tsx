'use client';

import { lazy, Suspense, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False while the server renders and while the browser hydrates what it rendered, true in every
 * render after that (and at once for a component that first mounts after hydration).
 */
export function useIsMounted(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

export interface ClientOnlyOptions {
  /** Shown on the server, during hydration and while the code loads; nothing by default. */
  fallback?: ReactNode;
}

/**
 * A component whose code loads in the browser only, when it is first rendered there: what
 * `next/dynamic(load, { ssr: false })` did, without its loader runtime, which every page carried
 * (~1.1 KiB gzip, issue 30). The server and the hydrating browser render `fallback` (nothing by
 * default), so the markup matches; the component then renders in a Suspense boundary of its own.
 * `load` answers the component itself, usually `() => import('./x').then((module) => module.X)`;
 * calling the same loader early (on pointer-enter or focus of what opens it) fetches the code
 * ahead, as the module system caches the import.
 */
export function clientOnly<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  { fallback = null }: ClientOnlyOptions = {},
): ComponentType<Props> {
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  const Loaded = Lazy as unknown as ComponentType<Props>;
  function ClientOnly(props: Props) {
    const isMounted = useIsMounted();
    if (!isMounted) return fallback;
    return (
      <Suspense fallback={fallback}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return ClientOnly;
}
