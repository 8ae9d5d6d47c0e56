import { directorySignInErrorKey, loginErrorKey } from './login-error';

describe('loginErrorKey', () => {
  it('says the user is unknown on 400', () => {
    expect(loginErrorKey({ status: 400, data: { message: 'User not found' } })).toBe('userNotFound');
  });

  it('says so when sign-in is throttled', () => {
    expect(loginErrorKey({ status: 429, data: {} })).toBe('tooManyAttempts');
  });

  it('calls any other failure a wrong password', () => {
    expect(loginErrorKey({ status: 401, data: {} })).toBe('wrongPassword');
    expect(loginErrorKey({ status: 'FETCH_ERROR', error: 'offline' })).toBe('wrongPassword');
  });
});

describe('directorySignInErrorKey', () => {
  it('names a 403 from the directory sign-in "account not allowed" and nothing else', () => {
    expect(directorySignInErrorKey({ status: 403, data: { message: 'Account not allowed' } })).toBe(
      'accountNotAllowed',
    );
    expect(directorySignInErrorKey({ status: 401, data: {} })).toBeUndefined();
    expect(directorySignInErrorKey({ status: 'FETCH_ERROR', error: 'offline' })).toBeUndefined();
  });
});
