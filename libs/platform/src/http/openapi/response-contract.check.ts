import {
  HttpException,
  HttpStatus,
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { map, type Observable } from 'rxjs';
import { issuePath } from '../validation';
import { declaredResponses } from './responds.decorator';

// In tests every JSON answer is checked against the route's @Responds schemas, so each API test is also
// a check that answers keep their contract (the fuzzing in CI checks the same from outside). A mismatch
// becomes a 500 naming the offending fields: loud in the test that met it.
@Injectable()
export class ResponseContractCheck implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const schemas = declaredResponses(context.getHandler()).flatMap((declared) =>
      declared.schema && !declared.contentType ? [declared.schema] : [],
    );
    return next.handle().pipe(
      map((body: unknown) => {
        if (schemas.length === 0 || !isJsonValue(body)) return body;
        const results = schemas.map((schema) => schema.safeParse(JSON.parse(JSON.stringify(body))));
        if (results.some((result) => result.success)) return body;
        const issues = results.flatMap((result) => result.error?.issues ?? []);
        const where = `${context.getClass().name}.${context.getHandler().name}`;
        throw new HttpException(
          {
            message: `response contract broken by ${where}: ${issues
              .slice(0, 5)
              .map((issue) => `${issuePath(issue) || '(body)'}: ${issue.message}`)
              .join('; ')}`,
          },
          HttpStatus.INTERNAL_SERVER_ERROR,
        );
      }),
    );
  }
}

function isJsonValue(body: unknown): boolean {
  return (
    body !== undefined &&
    (Array.isArray(body) || (typeof body === 'object' && body !== null && body.constructor === Object))
  );
}
