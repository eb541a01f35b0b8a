import { z } from 'zod';

/**
 * Zod for code that may run in the browser. Zod compiles object parsers with `new Function` and
 * probes for that on first use; under the app's Content-Security-Policy the probe is reported as a
 * violation even though Zod catches it. In the browser, parse without the compiler (the server
 * keeps it). Import `z` from here in shared and UI code; ESLint sends every other import here.
 */
if (typeof window !== 'undefined') z.config({ jitless: true });

export { z };
