import 'server-only';
import { getEnv } from '@/lib/env';

// One count per process, also when Next loads this module in several bundles.
const globalForAdmission = globalThis as unknown as { __benefitsRequestsInFlight?: number };

/**
 * Load shedding: at most DB_POOL_MAX requests use the database at once and DB_QUEUE_MAX more may
 * wait for a connection; a request beyond that gets no slot (the caller answers 503 at once)
 * instead of queueing for seconds. Returns the function that frees the slot, or null.
 */
export function admitRequest(): (() => void) | null {
  const env = getEnv();
  const inFlight = globalForAdmission.__benefitsRequestsInFlight ?? 0;
  if (inFlight >= env.DB_POOL_MAX + env.DB_QUEUE_MAX) return null;
  globalForAdmission.__benefitsRequestsInFlight = inFlight + 1;
  let isReleased = false;
  return () => {
    if (isReleased) return;
    isReleased = true;
    globalForAdmission.__benefitsRequestsInFlight = (globalForAdmission.__benefitsRequestsInFlight ?? 1) - 1;
  };
}
