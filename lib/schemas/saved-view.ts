import { z } from './zod';
import { singleLineText } from './text';
import { calendarDay } from './calendar-day';
import { listSearchSchema } from './list';

import {
  HIDDEN_COLUMNS_MAX,
  LIST_KEYS,
  SAVED_VIEW_NAME_MAX,
  SAVED_VIEW_QUERY_MAX,
  SAVED_VIEWS_PER_LIST,
  type ListKey,
} from './saved-view-constants';

/**
 * Saved views and chosen columns (issue 27). The lists they belong to are the list descriptors'
 * ids (components/ui/list); a view is the list page's URL state, its query string.
 */
export { HIDDEN_COLUMNS_MAX, LIST_KEYS, SAVED_VIEW_NAME_MAX, SAVED_VIEW_QUERY_MAX, SAVED_VIEWS_PER_LIST, type ListKey };

export const listKeySchema = z
  .enum(LIST_KEYS)
  .describe('The list (`accounts`, `users`, `documents`, `tasks`, `whitelist`, `approvals`, `changes` = the history)');

/** A column's stable id in its list (`city`, `requestedAt`). */
export const columnKeySchema = singleLineText().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/);

/**
 * The URL's query string without `?`, as the browser encodes it (`status=active&sort=name&order=desc`):
 * only URL-safe characters, each parameter `name=value`; the page is never part of a view.
 */
const day = calendarDay();

export const viewQuerySchema = singleLineText()
  .max(SAVED_VIEW_QUERY_MAX)
  .regex(/^(?:[A-Za-z][A-Za-z0-9_]*=[A-Za-z0-9\-._~%+*!'()]*(?:&[A-Za-z][A-Za-z0-9_]*=[A-Za-z0-9\-._~%+*!'()]*)*)?$/)
  .refine((query) => !new URLSearchParams(query).has('page'))
  // What the list's API would refuse (a search with a NUL, a day in year 0) is no view to open.
  .refine((query) => {
    const params = new URLSearchParams(query);
    const accepted = (name: string, schema: z.ZodType) => params.getAll(name).every((v) => schema.safeParse(v).success);
    return accepted('q', listSearchSchema) && accepted('from', day) && accepted('to', day);
  })
  .describe(
    'The list page’s query string without “?” (filters, search, sort, order, perPage, hide), e.g. `status=active&sort=name&order=desc`; no page',
  );

const viewName = singleLineText().min(1).max(SAVED_VIEW_NAME_MAX);

export const savedViewSchema = z
  .object({
    id: z.uuid(),
    list: listKeySchema,
    name: z.string(),
    query: z.string(),
    isDefault: z.boolean().describe('Opening the list without query parameters applies this view'),
    version: z.number().int(),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'SavedView' });
export type SavedView = z.infer<typeof savedViewSchema>;

export const savedViewListSchema = z
  .object({ items: z.array(savedViewSchema).max(SAVED_VIEWS_PER_LIST) })
  .meta({ id: 'SavedViewList' });
export type SavedViewList = z.infer<typeof savedViewListSchema>;

export const savedViewListQuerySchema = z.strictObject({ list: listKeySchema }).meta({ id: 'SavedViewListQuery' });

export const savedViewCreateSchema = z
  .strictObject({
    list: listKeySchema,
    name: viewName.describe(`1 to ${SAVED_VIEW_NAME_MAX} characters, unique in the list (ignoring case)`),
    query: viewQuerySchema,
    isDefault: z.boolean().default(false).describe('Make it the list’s default (the former default stops being one)'),
  })
  .meta({ id: 'SavedViewCreate' });
export type SavedViewCreateInput = z.input<typeof savedViewCreateSchema>;

export const savedViewUpdateSchema = z
  .strictObject({
    name: viewName,
    query: viewQuerySchema,
    isDefault: z.boolean(),
    /** Optimistic locking: instead of an If-Match header. */
    version: z.number().int().min(1),
  })
  .partial()
  .meta({ id: 'SavedViewUpdate' });
export type SavedViewUpdateInput = z.input<typeof savedViewUpdateSchema>;

export const listColumnsParamsSchema = z.strictObject({ list: listKeySchema });

export const listColumnsSchema = z
  .object({
    list: listKeySchema,
    hidden: z.array(z.string()).describe('The column keys the user hid; the others show'),
  })
  .meta({ id: 'ListColumns' });
export type ListColumns = z.infer<typeof listColumnsSchema>;

export const listColumnsUpdateSchema = z
  .strictObject({
    hidden: z
      .array(columnKeySchema)
      .max(HIDDEN_COLUMNS_MAX)
      .describe('The column keys to hide (the list’s name column always shows; unknown keys are ignored by the app)'),
  })
  .meta({ id: 'ListColumnsUpdate' });
export type ListColumnsUpdateInput = z.input<typeof listColumnsUpdateSchema>;
