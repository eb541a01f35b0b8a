import { ApiError } from '@/lib/server/http/api-error';
import { errorResponse } from '@/lib/server/http/route';

/** Any path the API does not have answers in the API's error format, not with the HTML 404 page. */
function notFound(): Response {
  return errorResponse(new ApiError('not_found', 'Diesen API-Pfad gibt es nicht.'));
}

export {
  notFound as GET,
  notFound as POST,
  notFound as PATCH,
  notFound as PUT,
  notFound as DELETE,
  notFound as OPTIONS,
};
