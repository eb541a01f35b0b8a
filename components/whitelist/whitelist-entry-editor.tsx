'use client';

import { lazy } from 'react';
import type { WhitelistEntry } from '@/lib/schemas/whitelist';

// A page's client components share one chunk group, so the entry's page shipped the whole form
// (its store, the value checks with punycode, the account picker: ~8 KiB gzip) to every visit of the
// overview. Behind `lazy` it is a chunk of its own that only the edit tab loads (issue 30). No
// Suspense boundary of its own: the server renders the form in place, and hydration waits for it.
const WhitelistEntryForm = lazy(() =>
  import('./whitelist-entry-form').then((module) => ({ default: module.WhitelistEntryForm })),
);

/** The edit tab of `/whitelist/{id}/`: the entry's form, loaded with the tab. */
export function WhitelistEntryEditor({ initial }: { initial: WhitelistEntry }) {
  return <WhitelistEntryForm initial={initial} />;
}
