/**
 * The architecture explorer's choices (public-site 2.8) and what each means for an installation.
 * `explain` turns a set of choices into the paragraphs shown below the dropdowns.
 */

export interface ArchitectureOption {
  value: string;
  label: string;
  /** completes the explanation of this layer; `{product}` is the product name */
  detail: string;
}

export interface ArchitectureLayer {
  key: 'sourceControl' | 'authentication' | 'deployment' | 'storage';
  label: string;
  options: ArchitectureOption[];
}

export const architectureLayers: ArchitectureLayer[] = [
  {
    key: 'sourceControl',
    label: 'Source control',
    options: [
      {
        value: 'gitlab',
        label: 'GitLab',
        detail: 'Agent definitions live as YAML in a GitLab project. Merge requests review every prompt, tool and model change, and a pipeline promotes them between environments.',
      },
      {
        value: 'github',
        label: 'GitHub',
        detail: 'Agent definitions live as YAML in a GitHub repository. Pull requests with required reviews gate every change, and Actions promote them between environments.',
      },
      { value: 'azure', label: 'Azure DevOps', detail: 'Agent definitions live as YAML in Azure Repos. Branch policies gate changes, and Azure Pipelines promote them between environments.' },
    ],
  },
  {
    key: 'authentication',
    label: 'Authentication',
    options: [
      {
        value: 'ad',
        label: 'Active Directory',
        detail: '{product} signs users in through your Active Directory (via its built-in identity broker), so existing groups map straight onto organisations, teams and roles.',
      },
      {
        value: 'oidc',
        label: 'OIDC (Okta, Entra ID, Keycloak)',
        detail: '{product} trusts your OpenID Connect provider. Users keep one sign-in, and group claims decide who administers the platform and who builds agents.',
      },
    ],
  },
  {
    key: 'deployment',
    label: 'Deployment method',
    options: [
      { value: 'argocd', label: 'Argo CD', detail: 'Argo CD keeps the cluster in sync with the Helm values in Git: an upgrade is a commit, and a rollback is a revert.' },
      { value: 'flux', label: 'Flux', detail: 'Flux reconciles the Helm release from Git continuously, so drift is corrected and every upgrade is reviewed like code.' },
      { value: 'ci', label: 'CI pipeline', detail: 'Your CI pipeline runs the Helm upgrade after tests pass, a good fit when you already release everything else from CI.' },
    ],
  },
  {
    key: 'storage',
    label: 'Persistent storage',
    options: [
      {
        value: 'pv',
        label: 'Kubernetes persistent volumes',
        detail: 'Uploaded documents, knowledge indexes and model caches sit on persistent volumes from your cluster’s storage class: nothing outside the cluster.',
      },
      { value: 's3', label: 'Amazon S3 (or S3-compatible)', detail: 'Files and knowledge sources go to an S3 bucket in your account (or MinIO on-premises), encrypted with your keys.' },
      { value: 'azure', label: 'Azure Blob Storage', detail: 'Files and knowledge sources go to a Blob Storage container in your subscription, behind your private endpoints.' },
      { value: 'gcs', label: 'Google Cloud Storage', detail: 'Files and knowledge sources go to a Cloud Storage bucket in your project, with access through a workload identity.' },
    ],
  },
];

export type ArchitectureChoice = Record<ArchitectureLayer['key'], string>;

export const defaultArchitecture: ArchitectureChoice = { sourceControl: 'gitlab', authentication: 'oidc', deployment: 'argocd', storage: 'pv' };

/** One paragraph per layer, in the order of the dropdowns; an unknown value falls back to the layer's first option. */
export function explain(choice: ArchitectureChoice, productName: string): { layer: string; option: string; text: string }[] {
  return architectureLayers.map((layer) => {
    const option = layer.options.find((o) => o.value === choice[layer.key]) ?? layer.options[0];
    return { layer: layer.label, option: option?.label ?? '', text: (option?.detail ?? '').replaceAll('{product}', productName) };
  });
}
