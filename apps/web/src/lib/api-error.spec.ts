import type { ApiErrorDto } from '@plantlens/contracts';
import { apiErrorKind, apiErrorMessage } from './api-error';

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

describe('apiErrorKind', () => {
  it('names what each refusal means, whatever the server wrote', () => {
    const answered = (status: number) => ({ status, data: { statusCode: status, error: '', message: 'x' } });
    expect(apiErrorKind(answered(400))).toBe('invalid');
    expect(apiErrorKind(answered(422))).toBe('invalid');
    expect(apiErrorKind(answered(403))).toBe('forbidden');
    expect(apiErrorKind(answered(404))).toBe('notFound');
    expect(apiErrorKind(answered(409))).toBe('conflict');
    expect(apiErrorKind(answered(413))).toBe('tooLarge');
    expect(apiErrorKind(answered(429))).toBe('tooMany');
    expect(apiErrorKind(answered(502))).toBe('unavailable');
    expect(apiErrorKind(answered(503))).toBe('unavailable');
    expect(apiErrorKind(answered(504))).toBe('unavailable');
    expect(apiErrorKind(answered(500))).toBe('unexpected');
  });

  it('tells an unreachable server from a failing one or a proxy, and a client-side exception from all', () => {
    expect(apiErrorKind({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe('offline');
    expect(apiErrorKind({ status: 'TIMEOUT_ERROR', error: 'timed out' })).toBe('offline');
    // The Ingress's own error page when a service is down.
    expect(apiErrorKind({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'x' })).toBe(
      'unavailable',
    );
    expect(apiErrorKind({ status: 'PARSING_ERROR', originalStatus: 200, data: '<html>', error: 'x' })).toBe(
      'unexpected',
    );
    expect(apiErrorKind({ name: 'Error', message: 'boom' })).toBe('unexpected');
    expect(apiErrorKind(undefined)).toBe('unexpected');
  });
});
