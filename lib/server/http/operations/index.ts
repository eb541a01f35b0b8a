import 'server-only';
import * as accounts from './accounts';
import * as auth from './auth';
import * as exportOperations from './export';
import type { Operation } from '../operation';

/** Every operation of the API, in the order the OpenAPI document lists them. */
export const operations: Operation[] = [
  ...Object.values(auth),
  ...Object.values(accounts),
  ...Object.values(exportOperations),
];
