import 'server-only';
import { cache } from 'react';
import { whitelistEntrySchema, whitelistListSchema, type WhitelistListQuery } from '@/lib/schemas/whitelist';
import { serverApi } from './server';
import { whitelistApi } from './whitelist';

/** The whitelist calls pages make; `getWhitelistEntry` is cached per request (metadata and page share it). */
export const getWhitelistEntry = cache((id: string) =>
  serverApi(whitelistApi.detailPath(id), { schema: whitelistEntrySchema }),
);

export const listWhitelist = (query: Partial<WhitelistListQuery>) =>
  serverApi(whitelistApi.listPath(query), { schema: whitelistListSchema });
