import 'server-only';
import * as accounts from './accounts';
import * as apiKeys from './api-keys';
import * as approvals from './approvals';
import * as auth from './auth';
import * as changes from './changes';
import * as documents from './documents';
import * as exportOperations from './export';
import * as identity from './identity';
import * as imports from './imports';
import * as mfa from './mfa';
import * as dashboard from './dashboard';
import * as notifications from './notifications';
import * as profile from './profile';
import * as restoreState from './restore-state';
import * as search from './search';
import * as tasks from './tasks';
import * as users from './users';
import * as webhooks from './webhooks';
import * as whitelist from './whitelist';
import type { Operation } from '../operation';

/**
 * The operations by module, in the order the OpenAPI document lists them. Each module's handlers
 * are the same-named module of lib/server/http/endpoints, one per operation and named as it.
 */
export const operationModules = {
  auth,
  identity,
  profile,
  mfa,
  notifications,
  accounts,
  users,
  documents,
  approvals,
  changes,
  restoreState,
  whitelist,
  imports,
  tasks,
  dashboard,
  search,
  export: exportOperations,
  apiKeys,
  webhooks,
};

/** Every operation of the API, in the order the OpenAPI document lists them. */
export const operations: Operation[] = Object.values(operationModules).flatMap((module) => Object.values(module));
