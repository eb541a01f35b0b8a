import 'server-only';
import { searchQuerySchema, searchResultSchema } from '@/lib/schemas/search';
import { defineOperation } from '../operation';

export const search = defineOperation({
  method: 'GET',
  path: '/search',
  summary:
    'Global search: at most 5 accounts (name, customer number, city, VAT id), users (name, e-mail), documents (title, file name), tasks (title) and whitelist entries (value) each, only those the caller may read and reach (as in their lists; a kind without its read scope is empty), best match first (a field starting with the search, then a word starting with it, then anywhere). Case, umlauts and ß do not matter (“Mueller” finds “Müller” and back); a word shorter than 3 characters matches only at the start of a word',
  tag: 'Search',
  access: 'authenticated',
  query: searchQuerySchema,
  response: searchResultSchema,
});
