import { z } from '@/lib/schemas/zod';
import { WHITELIST_NOTE_MAX } from '@/lib/schemas/whitelist-normalise';
import { normaliseWhitelistValue, type WhitelistValueProblem } from '@/lib/schemas/whitelist-value';

export interface WhitelistEntryFormMessages {
  required: string;
  /** The text of a value the normalisation refuses, in the UI's language. */
  valueProblem: (problem: WhitelistValueProblem) => string;
}

/**
 * The whitelist entry form's schema, loaded on demand (`useZodForm`) so that zod stays out of the
 * page's first load. The value is checked and normalised exactly as the API does (same module).
 */
export function whitelistEntryFormSchema(isEdit: boolean, messages: WhitelistEntryFormMessages) {
  return z.object({
    accountId: isEdit ? z.string().nullable() : z.string({ error: messages.required }).min(1, messages.required),
    value: z
      .string()
      .max(508)
      .transform((input, ctx) => {
        const result = normaliseWhitelistValue(input.normalize('NFC'));
        if (result.ok) return result.value;
        ctx.addIssue({ code: 'custom', message: messages.valueProblem(result.problem) });
        return z.NEVER;
      }),
    note: z.string().trim().max(WHITELIST_NOTE_MAX),
    validUntil: z.union([z.literal('').transform(() => null), z.iso.date()]),
  });
}
