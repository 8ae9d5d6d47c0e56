import {
  BadRequestException,
  HttpException,
  HttpStatus,
  Injectable,
  type PipeTransform,
} from '@nestjs/common';
import { UserMessages } from '@plantlens/contracts';
import { validationException } from '@plantlens/platform';
import type { z } from 'zod';

// User bodies answer the statuses of spec part 1 §8 instead of a plain 400: a bad name format is 412,
// a password that breaks the rule is 428; anything else (a bad e-mail, repeat differing) stays 400.
@Injectable()
export class UserBodyPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  /** what the OpenAPI document shows: the body's schema, and the statuses beyond 400 */
  readonly errorStatuses = [HttpStatus.PRECONDITION_FAILED, HttpStatus.PRECONDITION_REQUIRED];

  constructor(readonly schema: S) {}

  transform(value: unknown): z.infer<S> {
    const result = this.schema.safeParse(value);
    if (result.success) return result.data;
    const issues = result.error.issues;
    const status = issues.some((issue) => issue.message === UserMessages.nameFormat)
      ? HttpStatus.PRECONDITION_FAILED
      : issues.some((issue) => issue.message === UserMessages.passwordRule)
        ? HttpStatus.PRECONDITION_REQUIRED
        : HttpStatus.BAD_REQUEST;
    const error: BadRequestException = validationException(issues);
    if (status === HttpStatus.BAD_REQUEST) throw error;
    throw new HttpException(error.getResponse(), status);
  }
}
