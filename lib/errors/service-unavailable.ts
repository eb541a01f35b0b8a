/**
 * The digest a server component's error carries when the benefits API is unavailable (503). In
 * production Next.js hides a server error's message from the error page but keeps its digest,
 * so this is how the page knows to show "Dienst vorübergehend nicht erreichbar".
 */
export const SERVICE_UNAVAILABLE_DIGEST = 'SERVICE_UNAVAILABLE';

export class ServiceUnavailableError extends Error {
  readonly statusCode = 503;
  readonly digest = SERVICE_UNAVAILABLE_DIGEST;

  constructor(message = 'Service unavailable') {
    super(message);
    this.name = 'ServiceUnavailableError';
  }
}

export function isServiceUnavailable(error: { digest?: string } | null | undefined): boolean {
  return Boolean(error?.digest?.startsWith(SERVICE_UNAVAILABLE_DIGEST));
}
