import { Authorities } from '@plantlens/contracts';

// Spec §6: the v2 summaries table is for the superadmin and product groups; everyone else with the
// Incidence feature reads the v1 list. The Origin column shows to those groups, and in v1 (and the
// historic table, of the same generation) also to INCIDENCEORIGEN.
export type SummaryGeneration = 'v1' | 'v2';

const V2_AUTHORITIES: readonly string[] = [Authorities.superAdmin, Authorities.product];
const V1_ORIGIN_AUTHORITIES: readonly string[] = [...V2_AUTHORITIES, Authorities.incidenceOrigin];

export function summaryGeneration(authorities: readonly string[]): SummaryGeneration {
  return authorities.some((authority) => V2_AUTHORITIES.includes(authority)) ? 'v2' : 'v1';
}

export function showsOrigin(authorities: readonly string[], generation: SummaryGeneration): boolean {
  const allowed = generation === 'v2' ? V2_AUTHORITIES : V1_ORIGIN_AUTHORITIES;
  return authorities.some((authority) => allowed.includes(authority));
}
