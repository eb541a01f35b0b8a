import { singleLineText } from './text';
import { z } from './zod';

/** `GET /users/{id}/access-log/`: who viewed the person (`subject`), or whose data the person viewed (`actor`). */
export const ACCESS_LOG_PERSPECTIVES = ['subject', 'actor'] as const;
export type AccessLogPerspective = (typeof ACCESS_LOG_PERSPECTIVES)[number];
export const ACCESS_LOG_MAX_PER_PAGE = 200;

export const accessLogQuerySchema = z
  .strictObject({
    as: z.enum(ACCESS_LOG_PERSPECTIVES).default('subject').meta({
      description: 'subject (default): who viewed this person’s data; actor: whose data this person viewed (issue 51)',
    }),
    perPage: z.coerce.number().int().min(1).max(ACCESS_LOG_MAX_PER_PAGE).default(50),
    cursor: singleLineText()
      .max(19)
      .regex(/^[1-9]\d{0,18}$/)
      .optional()
      .meta({ description: 'Keyset cursor (`nextCursor` of the previous page): the page starts right after that row' }),
  })
  .meta({ id: 'AccessLogQuery' });
export type AccessLogQuery = z.output<typeof accessLogQuerySchema>;

const personSchema = z.object({
  id: z.uuid(),
  /** The person's name as the history shows it (an erased person's pseudonym). */
  name: z.string(),
});

export const accessLogEntrySchema = z
  .object({
    id: z.string().meta({ description: 'The row’s position in the log (a cursor)' }),
    at: z.iso.datetime({ offset: true }),
    actor: personSchema.extend({
      apiKeyId: z.uuid().nullable().meta({ description: 'The API key the request came with (a machine client)' }),
    }),
    subject: personSchema,
    operation: z.string().meta({ description: 'The API operation that answered: `GET /api/v1/users/{id}/`' }),
    route: z
      .string()
      .meta({ description: 'The route the request came in on (a template: `/benutzer/{id}/`, `/api/v1/users/`)' }),
  })
  .meta({ id: 'AccessLogEntry' });
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;

export const accessLogPageSchema = z
  .object({
    items: z.array(accessLogEntrySchema),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'AccessLogPage' });
export type AccessLogPage = z.infer<typeof accessLogPageSchema>;
