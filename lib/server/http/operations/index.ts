import 'server-only';
import * as accounts from './accounts';
import * as approvals from './approvals';
import * as auth from './auth';
import * as changes from './changes';
import * as documents from './documents';
import * as exportOperations from './export';
import * as identity from './identity';
import * as dashboard from './dashboard';
import * as profile from './profile';
import * as tasks from './tasks';
import * as users from './users';
import * as whitelist from './whitelist';
import type { Operation } from '../operation';

/** Every operation of the API, in the order the OpenAPI document lists them. */
export const operations: Operation[] = [
  ...Object.values(auth),
  ...Object.values(identity),
  ...Object.values(profile),
  ...Object.values(accounts),
  ...Object.values(users),
  ...Object.values(documents),
  ...Object.values(approvals),
  ...Object.values(changes),
  ...Object.values(whitelist),
  ...Object.values(tasks),
  ...Object.values(dashboard),
  ...Object.values(exportOperations),
];
