import 'server-only';
import type { Operation } from '../operation';
import type { operationModules } from '../operations';
import type { Endpoint } from '../route';

type OperationModules = typeof operationModules;
/** A module's handlers: one per operation, named as the operation, bound to it. */
type EndpointsOf<Operations> = {
  [Name in keyof Operations]: Operations[Name] extends Operation ? Endpoint<Operations[Name]> : never;
};

/**
 * The handlers of each operations module, loaded when a request first needs one of them, so the
 * in-process transport loads only the services of the resources a page calls. The type makes the
 * compiler refuse a module that lacks a handler for one of its operations.
 */
export const endpointModules: {
  [Module in keyof OperationModules]: () => Promise<EndpointsOf<OperationModules[Module]>>;
} = {
  auth: () => import('./auth'),
  identity: () => import('./identity'),
  profile: () => import('./profile'),
  mfa: () => import('./mfa'),
  notifications: () => import('./notifications'),
  accounts: () => import('./accounts'),
  users: () => import('./users'),
  documents: () => import('./documents'),
  approvals: () => import('./approvals'),
  changes: () => import('./changes'),
  restoreState: () => import('./restore-state'),
  whitelist: () => import('./whitelist'),
  imports: () => import('./imports'),
  tasks: () => import('./tasks'),
  dashboard: () => import('./dashboard'),
  search: () => import('./search'),
  export: () => import('./export'),
  apiKeys: () => import('./api-keys'),
  webhooks: () => import('./webhooks'),
};
