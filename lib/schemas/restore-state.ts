import { z } from './zod';
import { approvalRefSchema } from './account';

/**
 * `POST /{resource}/{id}/restore-state/` (issue 51): back to the record's state as of a moment
 * (`asOf`) or to the state before one history entry (`changeId`), through the same service as an
 * edit. The version the client compared against goes in If-Match (or `version`), as for an edit.
 */
export const restoreStateInputSchema = z
  .strictObject({
    asOf: z.iso
      .datetime({ offset: true })
      .optional()
      .meta({ description: 'RFC 3339 moment: every field an edit changes goes back to its value then' }),
    changeId: z
      .uuid()
      .optional()
      .meta({
        description:
          'A history entry of the record (update or status change): its fields go back to their value before it',
      }),
    version: z
      .number()
      .int()
      .min(1)
      .optional()
      .meta({ description: 'Instead of If-Match: the version compared against' }),
  })
  .refine((input) => (input.asOf === undefined) !== (input.changeId === undefined), {
    message: 'Genau eines von asOf oder changeId angeben.',
    path: ['asOf'],
  })
  .meta({ id: 'RestoreStateInput' });
export type RestoreStateInput = z.infer<typeof restoreStateInputSchema>;

export const restoreStateResultSchema = z
  .object({
    id: z.uuid(),
    version: z.number().int().meta({ description: 'The record’s version after the restore' }),
    restored: z.array(z.string()).meta({ description: 'Fields set back at once' }),
    approval: approvalRefSchema
      .pick({ id: true, kind: true, status: true })
      .nullable()
      .meta({
        description: 'Fields that need a second pair of eyes (benefits, a role grant) were filed as this approval',
      }),
  })
  .meta({ id: 'RestoreStateResult' });
export type RestoreStateResult = z.infer<typeof restoreStateResultSchema>;
