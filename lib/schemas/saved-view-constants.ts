/**
 * The limits of saved views and chosen columns (issue 27), without Zod, for code in the browser
 * (./saved-view has the schemas). The lists are the list descriptors' ids (components/ui/list).
 */
export const LIST_KEYS = ['accounts', 'users', 'documents', 'tasks', 'whitelist', 'approvals', 'changes'] as const;
export type ListKey = (typeof LIST_KEYS)[number];

export const SAVED_VIEW_NAME_MAX = 60;
/** Views per user and list. */
export const SAVED_VIEWS_PER_LIST = 20;
export const SAVED_VIEW_QUERY_MAX = 2000;
/** Hidden columns per user and list (no list has more columns). */
export const HIDDEN_COLUMNS_MAX = 30;
