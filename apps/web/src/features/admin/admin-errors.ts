import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { httpStatus } from '../../lib/http-status';

export type UserFormError = { field: 'name' | 'password'; key: 'userExists' | 'nameFormat' | 'passwordRule' };

// Spec part 1 §8: 409 user already exists, 428 password rule, 412 incorrect name format.
export function userFormError(error: FetchBaseQueryError | SerializedError): UserFormError | undefined {
  switch (httpStatus(error)) {
    case 409:
      return { field: 'name', key: 'userExists' };
    case 412:
      return { field: 'name', key: 'nameFormat' };
    case 428:
      return { field: 'password', key: 'passwordRule' };
    default:
      return undefined;
  }
}

// Spec part 1 §8: group create or update 409 → the group already exists.
export function isGroupConflict(error: FetchBaseQueryError | SerializedError): boolean {
  return httpStatus(error) === 409;
}
