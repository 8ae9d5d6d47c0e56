import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { ApiErrorDto } from '@plantlens/contracts';
import { httpStatus } from './http-status';

// The server's own explanation (ApiErrorDto.message) when the error carries one; callers show a generic
// text otherwise (network failure, HTML error page from a proxy, client-side exception).
export function apiErrorMessage(
  error: FetchBaseQueryError | SerializedError | undefined,
): string | undefined {
  if (!error || !('status' in error)) return undefined;
  const { data } = error;
  if (
    typeof data === 'object' &&
    data !== null &&
    typeof (data as Partial<ApiErrorDto>).message === 'string'
  ) {
    return (data as ApiErrorDto).message;
  }
  return undefined;
}

/** What a failed call means to the user, whatever language the server's own explanation is in. */
export type ApiErrorKind =
  | 'offline'
  | 'invalid'
  | 'forbidden'
  | 'notFound'
  | 'conflict'
  | 'tooLarge'
  | 'tooMany'
  | 'unavailable'
  | 'unexpected';

const KIND_BY_STATUS: Partial<Record<number, ApiErrorKind>> = {
  400: 'invalid',
  403: 'forbidden',
  404: 'notFound',
  409: 'conflict',
  413: 'tooLarge',
  422: 'invalid',
  429: 'tooMany',
  502: 'unavailable',
  503: 'unavailable',
  504: 'unavailable',
};

export function apiErrorKind(error: FetchBaseQueryError | SerializedError | undefined): ApiErrorKind {
  if (error && 'status' in error && (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR'))
    return 'offline';
  // A proxy in front of the services (the Ingress) answers with an HTML page, which cannot be parsed.
  const status =
    error && 'status' in error && error.status === 'PARSING_ERROR' ? error.originalStatus : httpStatus(error);
  return (status !== undefined && KIND_BY_STATUS[status]) || 'unexpected';
}
