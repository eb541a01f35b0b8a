'use client';

import { useContext, useState, type ComponentType, type ReactNode } from 'react';
import { QueryClient, QueryClientContext, QueryClientProvider, type QueryKey } from '@tanstack/react-query';

const makeClient = () =>
  new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: true, retry: 1 } } });

let browserClient: QueryClient | undefined;

/**
 * The browser has one query client for the whole tab, so a decision in one component invalidates
 * the navbar's badge in another; the server renders each request with a client of its own.
 */
function sharedQueryClient(): QueryClient {
  if (typeof window === 'undefined') return makeClient();
  return (browserClient ??= makeClient());
}

/**
 * Invalidates the queries under `queryKey` on the tab's shared client, so the active ones (the
 * navbar's badges) ask again. For components that must not bring the query library along: they
 * `import()` this module when something changed (TaskStatusSelect). Without a shared client yet
 * nothing has asked, so there is nothing to invalidate.
 */
export async function invalidateSharedQueries(queryKey: QueryKey): Promise<void> {
  await browserClient?.invalidateQueries({ queryKey });
}

/**
 * TanStack Query for the components that use it, and only there: a provider in the root layout
 * put the query library (~11 kB gzip) on the critical path of every page, although only the
 * navbar's badges (loaded after hydration) and a few pages' widgets query anything (issue 15).
 * Inside an existing provider (a test's own client) it adds nothing.
 */
export function QueryIsland({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  const [client] = useState(() => outer ?? sharedQueryClient());
  if (outer) return children;
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** `Component` inside a {@link QueryIsland}. */
export function withQueryClient<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithQueryClient(props: P) {
    return (
      <QueryIsland>
        <Component {...props} />
      </QueryIsland>
    );
  }
  WithQueryClient.displayName = `withQueryClient(${Component.displayName ?? Component.name})`;
  return WithQueryClient;
}
