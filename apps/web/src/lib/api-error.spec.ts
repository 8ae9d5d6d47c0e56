import type { ApiErrorDto } from '@plantlens/contracts';
import { apiErrorMessage } from './api-error';

describe('apiErrorMessage', () => {
  it("returns the server's message from an ApiErrorDto body", () => {
    const body: ApiErrorDto = {
      statusCode: 400,
      error: 'Bad Request',
      message: 'startDate must be earlier than endDate',
    };
    expect(apiErrorMessage({ status: 400, data: body })).toBe('startDate must be earlier than endDate');
  });

  it('returns nothing when the body is not an ApiErrorDto (e.g. a proxy error page)', () => {
    expect(apiErrorMessage({ status: 502, data: '<html>Bad gateway</html>' })).toBeUndefined();
    expect(apiErrorMessage({ status: 500, data: { message: ['not', 'a string'] } })).toBeUndefined();
  });

  it('returns nothing for network and client-side errors', () => {
    expect(apiErrorMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBeUndefined();
    expect(apiErrorMessage({ name: 'Error', message: 'boom' })).toBeUndefined();
    expect(apiErrorMessage(undefined)).toBeUndefined();
  });
});
