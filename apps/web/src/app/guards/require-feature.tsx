import { hasFeature } from '@plantlens/contracts';
import { Navigate, Outlet } from 'react-router-dom';
import { PageSpinner } from '../../components/page-spinner';
import { FALLBACK_ROUTE, ROUTES, routeFeature } from '../../config/routes';
import { useAccount } from '../../lib/account-api';
import { useCurrentRoute } from '../current-route';

// The authority guard: a route declaring a feature needs an authority allowed for it, else the user goes
// to the fallback route. When the account cannot be loaded, navigation proceeds (the server still guards).
export function RequireFeature() {
  const route = useCurrentRoute();
  const account = useAccount();
  const feature = route && routeFeature(route);
  if (!feature) return <Outlet />;
  if (account.isLoading) return <PageSpinner />;
  if (account.data && !hasFeature(account.data.authorities, feature)) {
    return <Navigate to={ROUTES[FALLBACK_ROUTE]} replace />;
  }
  return <Outlet />;
}
