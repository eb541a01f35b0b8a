'use client';

import { useCallback, useState } from 'react';

// getRandomValues, not randomUUID: the latter exists only in secure contexts (not on http://<ip>).
function randomKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * One Idempotency-Key per form instance: a double submit or a retry after a dropped connection
 * sends the same key, so the API creates one record. After a success `renew` gives the next
 * create from the same form a key of its own.
 */
export function useIdempotencyKey(): { idempotencyKey: string; renew: () => void } {
  const [idempotencyKey, setKey] = useState(randomKey);
  const renew = useCallback(() => setKey(randomKey()), []);
  return { idempotencyKey, renew };
}
