import type { Messages } from './catalogue';

/** A namespace of the catalogue, or a part of one (`accounts.actions`). */
export type MessagePath = keyof Messages | `${keyof Messages}.${string}`;

type MessageTree = { [key: string]: string | MessageTree };

/**
 * Texts the client components that show them import themselves (the API's refusals in
 * components/ui/form/problem-text.ts, the conflict panel's in components/record/conflict-panel.tsx,
 * the saved views' panels in components/ui/list/list-views-panels.tsx, a bulk action's dialog in
 * components/ui/selection/bulk-action-dialog.tsx): no page's client messages carry them, although
 * their namespaces are on the page.
 */
export const SELF_LOADED_MESSAGES = ['errors.api', 'common.record', 'listViews.panel', 'bulk.dialog'] as const;

function omit(tree: MessageTree, path: string): void {
  const keys = path.split('.');
  let node = tree;
  for (const key of keys.slice(0, -1)) {
    const child = node[key];
    if (typeof child !== 'object') return;
    // A copy on the way down: the picked tree shares its leaves with the catalogue.
    node = node[key] = { ...child };
  }
  delete node[keys.at(-1)!];
}

/**
 * The parts of the catalogue that client components need, in the catalogue's shape: the client
 * provider of a page carries these instead of every namespace (RSC payload on every page).
 */
export function pickMessages(messages: object, paths: readonly string[]): MessageTree {
  const picked: MessageTree = {};
  for (const path of paths) {
    const keys = path.split('.');
    let source: string | MessageTree | undefined = messages as MessageTree;
    let target = picked;
    for (const [index, key] of keys.entries()) {
      source = typeof source === 'object' ? source[key] : undefined;
      if (source === undefined) throw new Error(`pickMessages: no messages at ${path}`);
      if (index === keys.length - 1) {
        target[key] = source;
      } else {
        const next = target[key];
        target = target[key] = typeof next === 'object' ? next : {};
      }
    }
  }
  for (const path of SELF_LOADED_MESSAGES) omit(picked, path);
  return picked;
}

/**
 * The namespaces the root layout's provider carries on every page (components/layout/client-messages.tsx):
 * `common` (buttons, toasts, the language switch) and what the root's own client parts need.
 */
export const ROOT_CLIENT_MESSAGES = ['common', 'offline', 'errors'] as const satisfies readonly MessagePath[];

/**
 * The paths a nested provider still has to send (issue 50: each text once per page): those the
 * root's provider does not carry already, each once.
 */
export function nestedMessagePaths(namespaces: readonly MessagePath[]): MessagePath[] {
  const root = new Set<string>(ROOT_CLIENT_MESSAGES);
  return [...new Set(namespaces)].filter((path) => !root.has(path.split('.')[0]!));
}
