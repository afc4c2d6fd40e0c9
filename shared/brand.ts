/**
 * The platform's name lives here and nowhere else. The spec writes `{product}`; API fields,
 * deployment type ids and texts are derived from a brand so an operator can rename the product.
 */
export interface Brand {
  /** lower-case identifier used in API field names and type ids, e.g. `helix` */
  id: string;
  /** display name, e.g. `Helix` */
  name: string;
}

export const defaultBrand: Brand = { id: 'helix', name: 'Helix' };

export const brandIdPattern = /^[a-z][a-z0-9]{1,30}$/;

/** `helixVersion`: the create-deployment body field of the spec's `{product}Version`. */
export function versionField(brand: Brand): string {
  return `${brand.id}Version`;
}

/** `helix_version`: the deployment answer's field of the spec's `{product}_version`. */
export function versionWireField(brand: Brand): string {
  return `${brand.id}_version`;
}

/** `helix_cloud`, `helix-cloud`: the hosted-cloud deployment type in config ids and paths. */
export function cloudTypeId(brand: Brand): string {
  return `${brand.id}_cloud`;
}

export function cloudTypeSlug(brand: Brand): string {
  return `${brand.id}-cloud`;
}

/**
 * The product's public domain (`helixml.tech`): mail, chat, docs and installer addresses the spec
 * names without giving them are all derived from it, so a renamed product points at its own.
 */
export function brandDomain(brandId: string): string {
  return `${brandId}ml.tech`;
}
