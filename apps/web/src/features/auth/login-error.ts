import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

export type LoginErrorKey = 'userNotFound' | 'tooManyAttempts' | 'wrongPassword' | 'accountNotAllowed';

// /saml sends the browser to /login?error=accountNotAllowed when the directory account has no Plantlens user.
export const DIRECTORY_ERROR_PARAM = 'error';

export function directorySignInErrorKey(
  error: FetchBaseQueryError | SerializedError,
): LoginErrorKey | undefined {
  return 'status' in error && error.status === 403 ? 'accountNotAllowed' : undefined;
}

// Spec part 1 §8: 400 is an unknown user, any other failure a wrong password; 429 (throttled) says so.
export function loginErrorKey(error: FetchBaseQueryError | SerializedError): LoginErrorKey {
  const status = 'status' in error ? error.status : undefined;
  if (status === 400) return 'userNotFound';
  if (status === 429) return 'tooManyAttempts';
  return 'wrongPassword';
}
