import { cloudProviders, type CloudProvider, isChoice as isOneOf, onpremPlatforms, type OnpremPlatform, type PrivateCategory, privateCategories } from './guide-choices';

/**
 * Every guide of /docs has its own address (issue 44), so a crawler, a shared link or a reader
 * without scripts gets that guide rendered on the server: /docs is the default (Local), then
 * /docs/cloud/<provider>, /docs/onprem/<platform> and /docs/hybrid. /docs/local, /docs/cloud and
 * /docs/onprem are read too and show the same page as their canonical address.
 */
export interface DocsAddress {
  category: PrivateCategory;
  provider?: CloudProvider;
  platform?: OnpremPlatform;
}

const docsRoot = '/docs';
/** gke is shown by the Kubernetes tab: it has no page of its own */
const platformPages = onpremPlatforms.filter((p) => p !== 'gke');

/** The canonical address of a guide. */
export function docsPath(a: DocsAddress): string {
  if (a.category === 'local') return docsRoot;
  if (a.category === 'cloud') return `${docsRoot}/cloud/${a.provider ?? cloudProviders[0]}`;
  if (a.category === 'onprem') return `${docsRoot}/onprem/${a.platform === 'gke' ? 'kubernetes' : (a.platform ?? platformPages[0])}`;
  return `${docsRoot}/${a.category}`;
}

/** What the segments after /docs name; undefined when they name no guide. */
export function docsAddressOf(rest: readonly string[]): DocsAddress | undefined {
  const [category, sub, extra] = rest;
  if (extra !== undefined || !isOneOf(privateCategories, category)) return undefined;
  if (sub === undefined) return { category };
  if (category === 'cloud' && isOneOf(cloudProviders, sub)) return { category, provider: sub };
  if (category === 'onprem' && isOneOf(onpremPlatforms, sub)) return { category, platform: sub };
  return undefined;
}

/** Every guide's canonical address, the default first: what the sitemap lists. */
export const docsAddresses: DocsAddress[] = [
  { category: 'local' },
  ...cloudProviders.map((provider): DocsAddress => ({ category: 'cloud', provider })),
  ...platformPages.map((platform): DocsAddress => ({ category: 'onprem', platform })),
  { category: 'hybrid' },
];

const providerNames: Record<CloudProvider, string> = { aws: 'AWS', gcp: 'Google Cloud (GCP)', azure: 'Microsoft Azure', oci: 'Oracle Cloud (OCI)' };
const platformNames: Record<OnpremPlatform, string> = { docker: 'Docker Compose', kubernetes: 'Kubernetes', gke: 'Kubernetes', rancher: 'Rancher', vmware: 'VMware vSphere' };

/** The guide's name in its title and description. */
export function docsGuideName(a: DocsAddress): string {
  if (a.category === 'cloud') return `${providerNames[a.provider ?? 'aws']} setup`;
  if (a.category === 'onprem') return `On-premises setup with ${platformNames[a.platform ?? 'docker']}`;
  if (a.category === 'hybrid') return 'Hybrid setup';
  return 'Local setup';
}

/** The head of a guide's page: its title and meta description ({product} is the brand). */
export function docsHead(a: DocsAddress): { title: string; description: string } {
  const name = docsGuideName(a);
  if (a.category === 'local') return { title: 'Documentation', description: '' };
  const what =
    a.category === 'cloud'
      ? `Install {product} on ${providerNames[a.provider ?? 'aws']}: a VM or a Kubernetes cluster, with the generated configuration and the steps to run it.`
      : a.category === 'onprem'
        ? `Install {product} on your own servers with ${platformNames[a.platform ?? 'docker']}: requirements, the generated configuration and the steps to run it.`
        : 'Run the {product} control plane in one place and GPU runners in another: how the hybrid setup connects them.';
  return { title: `${name} | Documentation`, description: what };
}

/** The guide a path names below /docs (`/docs/cloud/gcp`); undefined for /docs itself and other paths. */
export function docsAddressOfPath(pathname: string): DocsAddress | undefined {
  const [first, ...rest] = pathname.split('/').filter((s) => s !== '');
  return first === 'docs' && rest.length > 0 ? docsAddressOf(rest) : undefined;
}
