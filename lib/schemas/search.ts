import { z } from './zod';
import { singleLineText } from './text';
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from '@/lib/search/fold';

export const SEARCH_KINDS = ['accounts', 'users', 'documents', 'tasks', 'whitelist'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const searchQuerySchema = z
  .strictObject({
    q: singleLineText()
      .min(SEARCH_MIN_LENGTH)
      .max(SEARCH_MAX_LENGTH)
      .describe(
        `At least ${SEARCH_MIN_LENGTH} characters (after trimming), at most ${SEARCH_MAX_LENGTH}. Case, umlauts and ß do not matter (ä = ae, ß = ss); several words must all occur`,
      ),
  })
  .meta({ id: 'SearchQuery' });
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const searchHitSchema = z
  .object({
    id: z.uuid(),
    label: z
      .string()
      .describe(
        'What the record is called: account or document title, a person’s name, a task title, an entry’s value',
      ),
    detail: z.string().nullable().describe('A second line: customer number and city, e-mail, file name, account …'),
    href: z.string().describe('The record’s page in the app, a path on its host (`/accounts/{id}/`)'),
  })
  .meta({ id: 'SearchHit' });
export type SearchHit = z.infer<typeof searchHitSchema>;

const hits = z.array(searchHitSchema).max(5);

export const searchResultSchema = z
  .object({
    q: z.string(),
    accounts: hits,
    users: hits,
    documents: hits,
    tasks: hits,
    whitelist: hits,
  })
  .meta({ id: 'SearchResult' });
export type SearchResult = z.infer<typeof searchResultSchema>;
