/**
 * Every in-app link, in one place: pages, forms and redirects call these instead of writing
 * `/accounts/${id}/` by hand, so a renamed route or a new query parameter is one change here.
 * The API's own paths live in `lib/api-client/<resource>.ts`.
 */

import { toQueryString, type QueryValue } from './query-string';

const seg = (id: string) => encodeURIComponent(id);

export const hrefs = {
  home: () => '/',
  login: () => '/login/',
  profile: () => '/profil/',
  secondFactor: () => '/profil/zwei-faktor/',
  notifications: () => '/benachrichtigungen/',

  accounts: (query: Record<string, QueryValue> = {}) => `/accounts/${toQueryString(query)}`,
  account: (id: string, query: Record<string, QueryValue> = {}) => `/accounts/${seg(id)}/${toQueryString(query)}`,
  accountEdit: (id: string) => `/accounts/${seg(id)}/edit/`,
  accountShow: (id: string) => `/accounts/${seg(id)}/show/`,
  accountNew: () => '/accounts/neu/',
  accountImport: () => '/accounts/neu/import/',
  userImport: () => '/benutzer/neu/import/',
  importReport: (id: string) => `/importe/${seg(id)}/`,
  subAccountNew: (parentId: string) => `/accounts/${seg(parentId)}/neu/`,

  users: (query: Record<string, QueryValue> = {}) => `/benutzer/${toQueryString(query)}`,
  user: (id: string) => `/benutzer/${seg(id)}/`,
  userEdit: (id: string) => `/benutzer/${seg(id)}/edit/`,
  userNew: (query: { accountId?: string } = {}) => `/benutzer/neu/${toQueryString(query)}`,

  approvals: (query: Record<string, QueryValue> = {}) => `/freigaben/${toQueryString(query)}`,
  approval: (id: string) => `/freigaben/${seg(id)}/`,

  changes: (query: Record<string, QueryValue> = {}) => `/historie/${toQueryString(query)}`,
  change: (id: string) => `/historie/${seg(id)}/`,

  documents: (query: Record<string, QueryValue> = {}) => `/dokumente/${toQueryString(query)}`,
  document: (id: string) => `/dokumente/${seg(id)}/`,
  documentNew: (query: { accountId?: string } = {}) => `/dokumente/neu/${toQueryString(query)}`,

  tasks: (query: Record<string, QueryValue> = {}) => `/tasks/${toQueryString(query)}`,
  task: (id: string) => `/tasks/${seg(id)}/`,
  taskNew: (query: { accountId?: string; assigneeId?: string } = {}) => `/tasks/neu/${toQueryString(query)}`,

  whitelist: (query: Record<string, QueryValue> = {}) => `/whitelist/${toQueryString(query)}`,
  whitelistEntry: (id: string) => `/whitelist/${seg(id)}/`,
  /** `mode: 'import'`: the CSV import instead of a single entry. */
  whitelistNew: ({ mode, ...query }: { accountId?: string; mode?: 'import' } = {}) =>
    `/whitelist/neu/${mode === 'import' ? 'import/' : ''}${toQueryString(query)}`,
} as const;
