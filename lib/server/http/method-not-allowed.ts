import 'server-only';
import { ApiError } from './api-error';
import { errorResponse } from './route';

const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;
type Method = (typeof METHODS)[number];

/**
 * Handlers for the methods a route does not declare: without them Next answers 405 with an empty
 * body and no `Allow`. A route file exports the ones it lacks:
 * `export const { PATCH, PUT, DELETE } = otherMethods('GET', 'POST');`
 */
export function otherMethods(...allowed: Method[]): Record<Method, () => Response> {
  const declared = METHODS.filter((method) => allowed.includes(method));
  const allow = [...declared, ...(allowed.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
  const handler = () => {
    const response = errorResponse(
      new ApiError('method_not_allowed', `Diese Methode ist hier nicht erlaubt. Erlaubt: ${allow}.`),
    );
    response.headers.set('allow', allow);
    return response;
  };
  return Object.fromEntries(METHODS.map((method) => [method, handler])) as Record<Method, () => Response>;
}
