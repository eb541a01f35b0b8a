'use client';

import { useEffect } from 'react';

/**
 * Sets `data-hydrated` on `<html>` once React has hydrated the page. A click before that is the
 * browser's own (a link loads a whole document, a select changes without saving): browser tests and
 * QA's scripts against a deployment wait for `html[data-hydrated]` before they act as a user who
 * waited for the page.
 */
export function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}
