import { tokenPairSchema } from '@plantlens/contracts';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PageSpinner } from '../../../components/page-spinner';
import { ROUTES } from '../../../config/routes';
import { storeTokens } from '../../../lib/session';
import { useDirectorySignInMutation } from '../api';
import { DIRECTORY_ERROR_PARAM, directorySignInErrorKey } from '../login-error';

// The single-sign-on entry (/saml), where the directory sends the browser back: signs in with its code,
// then goes to `/`; any failure goes to /login (saying so when the account is not allowed).
export function SamlPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [signIn] = useDirectorySignInMutation();
  const started = useRef(false);

  useEffect(() => {
    // Once, even when React runs effects twice in development.
    if (started.current) return;
    started.current = true;
    void signIn(Object.fromEntries(searchParams)).then((result) => {
      const tokens = tokenPairSchema.safeParse(result.data);
      if (tokens.success) {
        storeTokens(localStorage, tokens.data);
        return navigate(ROUTES.Root, { replace: true });
      }
      const reason = result.error && directorySignInErrorKey(result.error);
      return navigate(reason ? `${ROUTES.Login}?${DIRECTORY_ERROR_PARAM}=${reason}` : ROUTES.Login, {
        replace: true,
      });
    });
  }, [signIn, navigate, searchParams]);

  return <PageSpinner />;
}
