import 'server-only';
import { z } from 'zod';
import { de } from 'zod/locales';

// The API's validation messages are German, like the product; the forms translate their own.
z.config(de());
