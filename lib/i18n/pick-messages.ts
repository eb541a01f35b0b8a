import type { Messages } from './catalogue';

/** A namespace of the catalogue, or a part of one (`accounts.actions`). */
export type MessagePath = keyof Messages | `${keyof Messages}.${string}`;

type MessageTree = { [key: string]: string | MessageTree };

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
  return picked;
}
