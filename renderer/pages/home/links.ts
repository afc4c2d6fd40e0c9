import type { Brand } from '../../../shared/brand';
import { brandDomain } from '../../shell/external-links';

/**
 * The Command Center footer's outside addresses. The spec names a community chat and email support
 * but no addresses; like the marketing pages they derive from the brand's domain.
 */
export function communityChatUrl(brand: Brand): string {
  return `https://community.${brandDomain(brand)}/`;
}

export function supportEmailAddress(brand: Brand): string {
  return `support@${brandDomain(brand)}`;
}
