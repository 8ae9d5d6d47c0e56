import {
  ArgumentsHost,
  Catch,
  HttpException,
  HttpStatus,
  Logger,
  type ExceptionFilter,
} from '@nestjs/common';
import type { ApiErrorDto } from '@plantlens/contracts';
import type { FastifyReply } from 'fastify';
import { throwError, type Observable } from 'rxjs';

// An HTTP error that also sets response headers (Retry-After of a 429, for example).
export class HttpExceptionWithHeaders extends HttpException {
  constructor(
    response: string | Record<string, unknown>,
    status: number,
    readonly headers: Record<string, string>,
  ) {
    super(response, status);
  }
}

// Every error leaves the API as an ApiErrorDto; unexpected errors are logged here with their stack
// and answered with a generic 500 so no internals reach the client.
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): Observable<never> | void {
    // An event handler's failure goes back to its transport, which leaves the message uncommitted.
    if (host.getType() !== 'http') return throwError(() => exception);
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      if (exception instanceof HttpExceptionWithHeaders) void reply.headers(exception.headers);
      void reply.status(status).send(toApiError(status, response));
      return;
    }
    this.logger.error(
      exception instanceof Error ? (exception.stack ?? exception.message) : String(exception),
    );
    const body: ApiErrorDto = {
      statusCode: HttpStatus.INTERNAL_SERVER_ERROR,
      error: 'Internal Server Error',
      message: 'Internal server error',
    };
    void reply.status(HttpStatus.INTERNAL_SERVER_ERROR).send(body);
  }
}

function toApiError(status: number, response: string | object): ApiErrorDto & Record<string, unknown> {
  const error =
    HttpStatus[status]
      ?.replace(/_/g, ' ')
      .toLowerCase()
      .replace(/\b\w/g, (c) => c.toUpperCase()) ?? 'Error';
  if (typeof response === 'string') return { statusCode: status, error, message: response };
  const { message, ...rest } = response as { message?: unknown } & Record<string, unknown>;
  const text = Array.isArray(message) ? message.join('; ') : typeof message === 'string' ? message : error;
  return { ...rest, statusCode: status, error, message: text };
}
