import { clearTokens, loginPath, pathAfterLogin, readTokens, storeTokens } from './session';

describe('session storage', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the access token under `at` and the refresh token under `rt`', () => {
    storeTokens(localStorage, { accessToken: 'a1', refreshToken: 'r1' });
    expect(localStorage.getItem('at')).toBe('a1');
    expect(localStorage.getItem('rt')).toBe('r1');
    expect(readTokens(localStorage)).toEqual({ accessToken: 'a1', refreshToken: 'r1' });
  });

  it('is signed out unless both tokens are stored', () => {
    localStorage.setItem('at', 'a1');
    expect(readTokens(localStorage)).toBeUndefined();
  });

  it('clears both tokens and nothing else', () => {
    localStorage.setItem('locale', 'en_GB');
    storeTokens(localStorage, { accessToken: 'a1', refreshToken: 'r1' });
    clearTokens(localStorage);
    expect(readTokens(localStorage)).toBeUndefined();
    expect(localStorage.getItem('locale')).toBe('en_GB');
  });
});

describe('loginPath', () => {
  it('keeps the requested address in `path`', () => {
    expect(loginPath('/user/list?id=3')).toBe('/login?path=%2Fuser%2Flist%3Fid%3D3');
  });

  it('needs no `path` for the root or the login page itself', () => {
    expect(loginPath('/')).toBe('/login');
    expect(loginPath('/login?path=%2Fx')).toBe('/login');
  });
});

describe('pathAfterLogin', () => {
  it('returns to the requested path of this app', () => {
    expect(pathAfterLogin('/group/list')).toBe('/group/list');
  });

  it('goes home for a missing path or one leading to another site', () => {
    expect(pathAfterLogin(null)).toBe('/');
    expect(pathAfterLogin('https://evil.example/')).toBe('/');
    expect(pathAfterLogin('//evil.example/')).toBe('/');
  });
});
