import { cleanDomain } from '../../shared/setup-guide/config';

/** The Docker access form of public-site 2.10; saved in the browser under `docker-access-config`. */
export interface DockerAccess {
  useCustomDomain: boolean;
  customDomain: string;
}

export const dockerAccessKey = 'docker-access-config';
export const defaultDockerAccess: DockerAccess = { useCustomDomain: false, customDomain: '' };

export function parseDockerAccess(raw: string | null): DockerAccess {
  if (!raw) return defaultDockerAccess;
  try {
    const v = JSON.parse(raw) as Partial<DockerAccess> | null;
    return {
      useCustomDomain: v?.useCustomDomain === true,
      customDomain: typeof v?.customDomain === 'string' ? v.customDomain : '',
    };
  } catch {
    return defaultDockerAccess;
  }
}

/** What counts when comparing: a domain is trimmed (spec 5), and ignored while the box is unticked. */
function normal(a: DockerAccess): DockerAccess {
  return { useCustomDomain: a.useCustomDomain, customDomain: a.useCustomDomain ? a.customDomain.trim() : '' };
}

/** Spec 4: Save Configuration is enabled only when the draft differs from the saved config. */
export function isDirty(draft: DockerAccess, saved: DockerAccess): boolean {
  const d = normal(draft);
  const s = normal(saved);
  return d.useCustomDomain !== s.useCustomDomain || d.customDomain !== s.customDomain;
}

export function normalizedDockerAccess(a: DockerAccess): DockerAccess {
  return normal(a);
}

/**
 * The connected deployment a save registers: the custom domain's https address. Spec 5: the
 * domain is trimmed and an empty one is skipped (nothing to register without an address).
 */
export function dockerRegistration(a: DockerAccess, productName: string): { name: string; url: string; description: string } | undefined {
  if (!a.useCustomDomain) return undefined;
  const domain = cleanDomain(a.customDomain);
  if (!domain) return undefined;
  return { name: domain, url: `https://${domain}`, description: `${productName} on Docker Compose` };
}
