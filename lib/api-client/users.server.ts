import 'server-only';
import { userListSchema, userSchema } from '@/lib/schemas/user';
import { accessLogPageSchema } from '@/lib/schemas/access-log';
import { cache } from 'react';
import type { UserListQuery } from '@/lib/schemas/user';
import { usersApi } from './users';
import { serverApi } from './server';

/** The user calls pages make; `getUser` is shared by `generateMetadata` and the page (one request). */
export const getUser = cache((id: string) => serverApi(usersApi.detailPath(id), { schema: userSchema }));

export const listUsers = (query: Partial<UserListQuery>) =>
  serverApi(usersApi.listPath(query), { schema: userListSchema });

/** Who viewed the user, or whose data they viewed (administrators; issue 51). */
export const getAccessLog = (id: string, as: 'subject' | 'actor') =>
  serverApi(usersApi.accessLogPath(id, as), { schema: accessLogPageSchema });
