import { brandDomain } from '../../../../shared/brand';
import type { Brand } from '../../../../shared/brand';

/**
 * The partner team's address. The spec names no address; it lives on the same domain as the
 * installer (`get.{brand}ml.tech`), so a renamed product gets its own address too.
 */
export function partnerEmail(brand: Pick<Brand, 'id'>): string {
  return `partners@${brandDomain(brand.id)}`;
}

/** A mailto link with a subject, so partner enquiries are easy to route. */
export function partnerMailto(brand: Brand): string {
  const subject = `${brand.name} service provider partnership`;
  return `mailto:${partnerEmail(brand)}?subject=${encodeURIComponent(subject)}`;
}
