import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { loginPath, readTokens } from '../../lib/session';

// Without stored tokens every route but Login, Signin and Legal goes to /login?path=<requested>.
export function RequireSession() {
  const { pathname, search } = useLocation();
  if (!readTokens(localStorage)) return <Navigate to={loginPath(pathname + search)} replace />;
  return <Outlet />;
}
