import 'server-only';
import { z } from 'zod';
import { createZodErrorMap } from '@/lib/format/zod-error-map';
import { germanProblem } from './german-problem';

// The API's validation messages are German, like the product, and the same catalogue texts the
// forms show; each detail also carries the text's key (`code`), so the UI can show its own language.
z.config({ localeError: createZodErrorMap((key, values) => germanProblem(key, values), 'de') });
