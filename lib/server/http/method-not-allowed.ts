import 'server-only';
import { ApiError } from './api-error';
import { errorResponse } from './route';

const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;
type Method = (typeof METHODS)[number];

/**
 * Handlers for the methods a route does not declare, and its OPTIONS: without them Next answers 405
 * with an empty body and no `Allow`, and OPTIONS with every method the file exports (these too). A
 * route file exports the ones it lacks and OPTIONS:
 * `export const { PATCH, PUT, DELETE, OPTIONS } = otherMethods('GET', 'POST');`
 */
export function otherMethods(...allowed: Method[]): Record<Method | 'OPTIONS', () => Response> {
  const declared = METHODS.filter((method) => allowed.includes(method));
  const allow = [...declared, ...(allowed.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
  const notAllowed = () => {
    const response = errorResponse(
      new ApiError('method_not_allowed', `Diese Methode ist hier nicht erlaubt. Erlaubt: ${allow}.`),
    );
    response.headers.set('allow', allow);
    return response;
  };
  const options = () => new Response(null, { status: 204, headers: { allow, 'cache-control': 'no-store' } });
  return {
    ...(Object.fromEntries(METHODS.map((method) => [method, notAllowed])) as Record<Method, () => Response>),
    OPTIONS: options,
  };
}
