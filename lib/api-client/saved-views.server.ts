import 'server-only';
import { listColumnsSchema, savedViewListSchema, type ListKey } from '@/lib/schemas/saved-view';
import { profileApi } from './profile';
import { serverApi } from './server';

/** The signed-in user's saved views of a list (issue 27). */
export const listSavedViews = (list: ListKey) => serverApi(profileApi.viewsPath(list), { schema: savedViewListSchema });

/** The columns the signed-in user hid in a list. */
export const getListColumns = (list: ListKey) => serverApi(profileApi.columnsPath(list), { schema: listColumnsSchema });
