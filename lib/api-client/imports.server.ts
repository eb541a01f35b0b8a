import 'server-only';
import { cache } from 'react';
import { storedImportSchema } from '@/lib/schemas/import';
import { importsApi } from './imports';
import { serverApi } from './server';

/** A stored import report (issue 49), for its page. */
export const getImport = cache((id: string) => serverApi(importsApi.detailPath(id), { schema: storedImportSchema }));
