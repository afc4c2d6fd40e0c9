import { brandDomain as domainOf, type Brand } from '../../shared/brand';

/**
 * Every address outside this app that the marketing pages and the setup guide point to, in one place.
 * The spec names the destinations (private-deployment docs, trust centre, sales mail) but not
 * their addresses; they are derived from the brand's domain so a renamed product points at its own.
 */
export function brandDomain(brand: Brand): string {
  return domainOf(brand.id);
}

export function privateDeploymentDocsUrl(brand: Brand): string {
  return `https://docs.${brandDomain(brand)}/${brand.id}/private-deployment/`;
}

export function trustCentreUrl(brand: Brand): string {
  return `https://trust.${brandDomain(brand)}/`;
}

export function salesEmail(brand: Brand): string {
  return `sales@${brandDomain(brand)}`;
}

/** encodeURIComponent, not URLSearchParams: mail clients read "+" literally (RFC 6068). */
function mailto(to: string, subject: string, body?: string): string {
  return `mailto:${to}?subject=${encodeURIComponent(subject)}${body ? `&body=${encodeURIComponent(body)}` : ''}`;
}

export function pilotInquiryMailto(brand: Brand): string {
  return mailto(salesEmail(brand), `${brand.name} pilot program inquiry`, 'Hello,\r\n\r\nWe would like to discuss an 8-week pilot program. Our team, use case and timeline:\r\n\r\n');
}

export function pricingQuestionMailto(brand: Brand): string {
  return mailto(salesEmail(brand), `${brand.name} pricing question`);
}
