/**
 * One bulk action of a list, as the list's descriptor names it (already translated, plain data so
 * the server page hands it to the bulk bar): the body's `action`, the button's label, whether it
 * destroys (a red confirm that names the count), and the one parameter it asks for, if any.
 */
export interface BulkActionDescriptor {
  action: string;
  label: string;
  isDestructive?: boolean;
  param?: BulkActionParam;
}

export type BulkActionParam =
  | { kind: 'select'; name: string; label: string; options: readonly (readonly [string, string])[] }
  /** A date that may be left empty (sent as null: "no end"). */
  | { kind: 'date'; name: string; label: string }
  | { kind: 'text'; name: string; label: string; isRequired?: boolean; maxLength: number }
  /** Options loaded from an API path answering `{items: [{id, name}]}` (e.g. the assignee picker). */
  | { kind: 'remoteSelect'; name: string; label: string; optionsPath: string };

/** What the table kit needs to offer selection and bulk actions on a list. */
export interface ListBulk {
  /** The list (selection is kept per list), e.g. `tasks:assigned`. */
  listKey: string;
  /** The list's filters (not page or sort): a new value empties the selection. */
  filterKey: string;
  /** `POST {bulkPath}` does the action, e.g. `/tasks/bulk/`. */
  bulkPath: string;
  /** The API list path with the list's filters (not page): "select all N matching" reads its ids. */
  matchingPath: string;
  actions: readonly BulkActionDescriptor[];
}
