import { loginErrorKey } from './login-error';

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
