import { Authorities } from '@plantlens/contracts';
import type { RouteName } from '../../config/routes';

// Spec part 2 §2: the correlation tile of /explore opens the correlation menu for holders of one of these
// authorities (checked as authorities, not through a feature), and the simple correlation otherwise.
const CORRELATION_MENU_AUTHORITIES: readonly string[] = [
  Authorities.explorerCorrelationBenchmark,
  Authorities.product,
  Authorities.superAdmin,
];

export function correlationTileRoute(authorities: readonly string[]): RouteName {
  return authorities.some((authority) => CORRELATION_MENU_AUTHORITIES.includes(authority))
    ? 'ExplorerCorrelationMenu'
    : 'ExplorerCorrelationVariables';
}
