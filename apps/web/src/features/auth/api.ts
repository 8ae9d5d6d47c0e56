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
    // The directory sign-on entry: the server answers with tokens when the directory session is valid.
    directorySignIn: build.mutation<unknown, void>({
      query: () => ({ url: 'auth/saml', headers: signInHeaders }),
    }),
    register: build.mutation<SigninResponseDto, SigninBody>({
      query: (body) => ({ url: 'auth/signin', method: 'POST', body, headers: signInHeaders }),
    }),
  }),
});

export const { useLoginMutation, useDirectorySignInMutation, useRegisterMutation } = authApi;
