/** A part of the catalogue in its shape: namespaces of texts (`{ accounts: { fields: { name: '…' } } }`). */
export type MessageTree = { [key: string]: string | MessageTree };

/**
 * `inner` laid over `outer`, namespace by namespace (a page's `approvals.list` beside the layout's
 * `approvals.badge`); a text of `inner` wins. Neither argument is changed.
 */
export function mergeMessages(outer: MessageTree, inner: MessageTree): MessageTree {
  const merged: MessageTree = { ...outer };
  for (const [key, value] of Object.entries(inner)) {
    const existing = merged[key];
    merged[key] = typeof value === 'object' && typeof existing === 'object' ? mergeMessages(existing, value) : value;
  }
  return merged;
}
