'use client';

import { clientOnly } from '@/components/ui/client-only';

// The progress bar matters from the first navigation on, not for the first paint: it loads after
// hydration rather than on the critical path of every page (issue 15).
const NextTopLoader = clientOnly(() => import('nextjs-toploader').then((module) => module.default));

/** The library has no throttle or duration settings: a slow trickle and a 500 ms fade come closest to the seed's 200/5000/500 ms. */
export function TopLoader() {
  return <NextTopLoader color="#0d6efd" showSpinner={false} crawlSpeed={200} speed={500} height={3} />;
}
