'use server';

import { callApi } from '@/lib/api-client/action';
import { profileApi } from '@/lib/api-client/profile';
import {
  listColumnsSchema,
  savedViewSchema,
  type ListKey,
  type SavedViewCreateInput,
  type SavedViewUpdateInput,
} from '@/lib/schemas/saved-view';

/** Saved views and chosen columns of the lists (issue 27); the menu then reloads the page. */

/** `idempotencyKey`: one per filled-in form, so a repeated submit creates the view once. */
export async function createViewAction(input: SavedViewCreateInput, idempotencyKey: string) {
  return callApi(profileApi.viewCreatePath, { method: 'POST', body: input, idempotencyKey, schema: savedViewSchema });
}

export async function updateViewAction(id: string, version: number, input: Omit<SavedViewUpdateInput, 'version'>) {
  return callApi(profileApi.viewPath(id), {
    method: 'PATCH',
    body: input,
    headers: { 'if-match': `W/"${version}"` },
    schema: savedViewSchema,
  });
}

export async function deleteViewAction(id: string, version: number) {
  return callApi(profileApi.viewPath(id), { method: 'DELETE', headers: { 'if-match': `W/"${version}"` } });
}

export async function setColumnsAction(list: ListKey, hidden: string[]) {
  return callApi(profileApi.columnsPath(list), { method: 'PUT', body: { hidden }, schema: listColumnsSchema });
}
