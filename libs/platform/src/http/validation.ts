import { BadRequestException, StandardSchemaValidationPipe } from '@nestjs/common';
import type { ApiErrorDto } from '@plantlens/contracts';

type Issue = { message: string; path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> };

export function issuePath(issue: Issue): string {
  return (issue.path ?? [])
    .map((segment) => String(typeof segment === 'object' ? segment.key : segment))
    .join('.');
}

// 400 with one readable sentence ("startDate: must be a date in epoch milliseconds") plus the issue list.
export function validationException(issues: readonly Issue[]): BadRequestException {
  const list = issues.map((issue) => ({ path: issuePath(issue), message: issue.message }));
  const body: Omit<ApiErrorDto, 'statusCode' | 'error'> = {
    message: list.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join('; '),
    issues: list,
  };
  return new BadRequestException(body);
}

// Routes declare their zod schema on the parameter: `@Query({ schema: timelineDataQuerySchema })`.
export const apiValidationPipe = new StandardSchemaValidationPipe({ exceptionFactory: validationException });
