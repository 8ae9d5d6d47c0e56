import { tokenPairSchema } from '@plantlens/contracts';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { PageSpinner } from '../../../components/page-spinner';
import { ROUTES } from '../../../config/routes';
import { storeTokens } from '../../../lib/session';
import { useDirectorySignInMutation } from '../api';

// The single-sign-on entry (/saml): signs in with the directory session, then goes to `/`; any failure
// goes to /login.
export function SamlPage() {
  const navigate = useNavigate();
  const [signIn] = useDirectorySignInMutation();
  const started = useRef(false);

  useEffect(() => {
    // Once, even when React runs effects twice in development.
    if (started.current) return;
    started.current = true;
    void signIn().then((result) => {
      const tokens = tokenPairSchema.safeParse(result.data);
      if (tokens.success) storeTokens(localStorage, tokens.data);
      return navigate(tokens.success ? ROUTES.Root : ROUTES.Login, { replace: true });
    });
  }, [signIn, navigate]);

  return <PageSpinner />;
}
