import { brandDomain, type Brand } from '../../shared/brand';
import { privateDeploymentDocsUrl } from '../shell/external-links';

/** The external documentation the Full Documentation tab opens (one address for the whole site). */
export function fullDocsUrl(brand: Brand): string {
  return privateDeploymentDocsUrl(brand);
}

/**
 * The support desk. The spec names a support chat widget but no provider; rather than load a
 * third-party script, the guide opens a small panel with a chat link and an e-mail address on
 * the installer's domain (`get.{brand}ml.tech`), so a renamed product points at its own desk.
 */
export function supportEmail(brand: Pick<Brand, 'id'>): string {
  return `support@${brandDomain(brand.id)}`;
}

export function supportChatUrl(brand: Pick<Brand, 'id'>): string {
  return `https://${brandDomain(brand.id)}/support/chat`;
}

export function supportMailto(brand: Brand, topic: string): string {
  return `mailto:${supportEmail(brand)}?subject=${encodeURIComponent(`${brand.name} deployment help: ${topic}`)}`;
}
