import 'server-only';
import * as auth from './auth';
import type { Operation } from '../operation';

/** Every operation of the API, in the order the OpenAPI document lists them. */
export const operations: Operation[] = [...Object.values(auth)];
