import type { Brand } from '../../shared/brand';
import { licensePrices } from '../../shared/licenses/pricing';
import { routePaths } from '../../shared/routes/app-paths';

/**
 * JSON-LD for search engines (issue 44): the operator as an Organization on the landing and pricing
 * pages, and the product as a SoftwareApplication whose Offers come from the price list in force
 * (LICENSE_PRICES), so what a search result shows is what checkout charges.
 */
export function structuredData(path: string, site: { publicUrl: string; product: Brand }): object[] {
  if (path !== routePaths.landing && path !== routePaths.pricing) return [];
  const { name } = site.product;
  const url = `${site.publicUrl}/`;
  const dollars = (cents: number) => (cents / 100).toFixed(2);
  const yearly = (cents: number) => ({ '@type': 'UnitPriceSpecification', price: dollars(cents), priceCurrency: 'USD', unitCode: 'ANN', unitText: 'year' });
  const organization = { '@context': 'https://schema.org', '@type': 'Organization', name, url, logo: `${site.publicUrl}/favicon.svg` };
  const application = {
    '@context': 'https://schema.org',
    '@type': 'SoftwareApplication',
    name,
    url,
    applicationCategory: 'BusinessApplication',
    operatingSystem: 'Linux, macOS, Windows (WSL2)',
    description: `${name}: a private generative-AI platform (agents, models, retrieval and GPU scheduling) that runs on your own infrastructure.`,
    offers: [
      { '@type': 'Offer', name: 'Community Edition', price: '0.00', priceCurrency: 'USD', url: `${site.publicUrl}${routePaths.pricing}` },
      {
        '@type': 'Offer',
        name: 'Enterprise Pro',
        description: `Up to ${licensePrices.includedUsers} users; each further ${licensePrices.userPackSize} users $${dollars(licensePrices.userPackAnnualCents)} a year`,
        price: dollars(licensePrices.baseAnnualCents),
        priceCurrency: 'USD',
        priceSpecification: yearly(licensePrices.baseAnnualCents),
        url: `${site.publicUrl}${routePaths.pricing}`,
      },
    ],
  };
  return [organization, application];
}

/** The script elements of a page's head; `<` escaped so no text can close the element. */
export function structuredDataScripts(path: string, site: { publicUrl: string; product: Brand }): string[] {
  return structuredData(path, site).map((d) => `<script type="application/ld+json">${JSON.stringify(d).replace(/</g, '\\u003c')}</script>`);
}
