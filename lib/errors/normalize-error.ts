export interface NormalizedError {
  message: string;
  statusCode: number;
}

export const DEFAULT_STATUS_CODE = 500;

function validStatus(value: unknown): number | undefined {
  const status = typeof value === 'string' ? Number(value) : value;
  return typeof status === 'number' && Number.isInteger(status) && status >= 100 && status <= 599 ? status : undefined;
}

/**
 * Normalises anything thrown to `{message, statusCode}` (seed §8): the status from
 * `statusCode`, `status` or the response's status, else 500; the message as given, else ''.
 */
export function normalizeError(error: unknown): NormalizedError {
  if (error === null || error === undefined) return { message: '', statusCode: DEFAULT_STATUS_CODE };
  if (typeof error === 'string') return { message: error, statusCode: DEFAULT_STATUS_CODE };
  if (typeof error !== 'object') return { message: String(error), statusCode: DEFAULT_STATUS_CODE };
  const candidate = error as {
    message?: unknown;
    statusCode?: unknown;
    status?: unknown;
    response?: { status?: unknown; data?: { message?: unknown } };
  };
  const statusCode =
    validStatus(candidate.statusCode) ??
    validStatus(candidate.status) ??
    validStatus(candidate.response?.status) ??
    DEFAULT_STATUS_CODE;
  const message =
    typeof candidate.message === 'string'
      ? candidate.message
      : typeof candidate.response?.data?.message === 'string'
        ? candidate.response.data.message
        : '';
  return { message, statusCode };
}
