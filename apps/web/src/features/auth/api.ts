import {
  AuthHeaders,
  type LoginBody,
  type SigninBody,
  type SigninResponseDto,
  type TokenPairDto,
} from '@plantlens/contracts';
import { api } from '../../lib/api';

// Sign-in calls carry X-Is-Login (spec part 1 §7); the base query then sends no access token.
const signInHeaders = { [AuthHeaders.isLogin]: 'true' };

const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<TokenPairDto, LoginBody>({
      query: (body) => ({ url: 'auth/login', method: 'POST', body, headers: signInHeaders }),
    }),
    // The end of the directory sign-on: the provider sent the browser back to /saml with code and state,
    // which the server exchanges for tokens.
    directorySignIn: build.mutation<unknown, Record<string, string>>({
      query: (params) => ({ url: 'auth/saml', params, headers: signInHeaders }),
    }),
    register: build.mutation<SigninResponseDto, SigninBody>({
      query: (body) => ({ url: 'auth/signin', method: 'POST', body, headers: signInHeaders }),
    }),
  }),
});

export const { useLoginMutation, useDirectorySignInMutation, useRegisterMutation } = authApi;
