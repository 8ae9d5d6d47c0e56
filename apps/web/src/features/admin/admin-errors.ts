import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { UserMessages } from '@plantlens/contracts';
import { apiErrorMessage } from '../../lib/api-error';
import { httpStatus } from '../../lib/http-status';

export type UserFormError =
  | { field: 'name'; key: 'userExists' | 'nameFormat' }
  | { field: 'password'; key: 'passwordRule' }
  | { field: 'directoryId'; key: 'directoryIdInUse' };

// Spec part 1 §5 and §8: 409 user already exists (or, for a directory user, directory id already in use),
// 428 password rule, 412 incorrect name format.
export function userFormError(error: FetchBaseQueryError | SerializedError): UserFormError | undefined {
  switch (httpStatus(error)) {
    case 409:
      return apiErrorMessage(error) === UserMessages.directoryIdInUse
        ? { field: 'directoryId', key: 'directoryIdInUse' }
        : { field: 'name', key: 'userExists' };
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
