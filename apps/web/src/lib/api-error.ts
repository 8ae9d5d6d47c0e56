import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { ApiErrorDto } from '@plantlens/contracts';

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
