import { freeCreditClaim } from '../../../shared/deployments/catalog';

/** A type card's claims in the account the tab acts in: free credit is a person's, once; a team gets none, so its cards promise none. */
export function claimsIn(features: readonly string[], inTeam: boolean): readonly string[] {
  return inTeam ? features.filter((f) => f !== freeCreditClaim) : features;
}
