import 'server-only';
import * as op from '../operations/imports';
import { route } from '../route';
import { importTemplate } from '@/lib/server/import/template';
import {
  ACCOUNT_IMPORT_COLUMNS,
  ACCOUNT_IMPORT_EXAMPLE,
  importAccounts,
} from '@/lib/server/services/accounts/import-accounts';
import { getImport } from '@/lib/server/services/imports/get-import';
import { USER_IMPORT_COLUMNS, USER_IMPORT_EXAMPLE, importUsers } from '@/lib/server/services/users/import-users';

export const accounts = route(op.accounts, ({ actor, query, req }) => importAccounts(actor, query, req));

export const accountsTemplateCsv = route(op.accountsTemplateCsv, () =>
  importTemplate('csv', 'konten-import-vorlage', ACCOUNT_IMPORT_COLUMNS, ACCOUNT_IMPORT_EXAMPLE),
);

export const accountsTemplateXlsx = route(op.accountsTemplateXlsx, () =>
  importTemplate('xlsx', 'konten-import-vorlage', ACCOUNT_IMPORT_COLUMNS, ACCOUNT_IMPORT_EXAMPLE),
);

export const users = route(op.users, ({ actor, query, req }) => importUsers(actor, query, req));

export const usersTemplateCsv = route(op.usersTemplateCsv, () =>
  importTemplate('csv', 'benutzer-import-vorlage', USER_IMPORT_COLUMNS, USER_IMPORT_EXAMPLE),
);

export const usersTemplateXlsx = route(op.usersTemplateXlsx, () =>
  importTemplate('xlsx', 'benutzer-import-vorlage', USER_IMPORT_COLUMNS, USER_IMPORT_EXAMPLE),
);

export const get = route(op.get, ({ actor, params }) => getImport(actor, params.id));
