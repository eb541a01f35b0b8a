import 'server-only';
import { ApiError } from './api-error';
import { errorResponse } from './route';

/**
 * Any path the API does not have answers in the API's error format, not with the HTML 404 page:
 * the catch-all route file app/api/v1/[[...path]] over HTTP, the dispatcher in process.
 */
export function unknownPath(): Response {
  return errorResponse(new ApiError('not_found', 'Diesen API-Pfad gibt es nicht.'));
}
