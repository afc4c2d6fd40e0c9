/**
 * The comparison table of public-site 2.9. The spec leaves the cells out; these are our own,
 * written to be defensible: a qualifier says what "Partial" means rather than a bare tick.
 */
export type Support = 'yes' | 'partial' | 'no';

export interface Cell {
  support: Support;
  note: string;
}

export const alternatives = ['product', 'saas', 'build', 'gpuVendor'] as const;
export type Alternative = (typeof alternatives)[number];

export const alternativeLabels: Record<Exclude<Alternative, 'product'>, string> = {
  saas: 'SaaS AI providers',
  build: 'Open source / build internally',
  gpuVendor: 'Enterprise GPU vendor stack',
};

export interface Capability {
  name: string;
  cells: Record<Alternative, Cell>;
}

const yes = (note: string): Cell => ({ support: 'yes', note });
const partial = (note: string): Cell => ({ support: 'partial', note });
const no = (note: string): Cell => ({ support: 'no', note });

export const capabilities: Capability[] = [
  {
    name: 'Data stays on infrastructure you control',
    cells: {
      product: yes('Laptop, your cloud account or your data centre'),
      saas: no("Prompts and files are processed on the provider's servers"),
      build: yes('You host every component'),
      gpuVendor: yes('On your own GPU servers'),
    },
  },
  {
    name: 'Choice of models',
    cells: {
      product: yes('Open-weight models on your GPUs; external providers optional'),
      saas: no("The provider's own models"),
      build: yes('Whatever you integrate and maintain'),
      gpuVendor: partial("Best supported for the vendor's model catalogue"),
    },
  },
  {
    name: 'Ready-made agents',
    cells: {
      product: yes('Gallery of pre-configured industry agents'),
      saas: partial("Assistants inside the provider's ecosystem"),
      build: partial('Frameworks to assemble agents yourself'),
      gpuVendor: partial('Reference blueprints that need integration'),
    },
  },
  {
    name: 'Retrieval over your documents (RAG)',
    cells: {
      product: yes('Built in, indexed in your own database'),
      saas: yes('Documents are uploaded to the provider'),
      build: partial('A pipeline you build and run'),
      gpuVendor: partial('Components to wire together'),
    },
  },
  {
    name: 'Vision models',
    cells: {
      product: yes('Runs private vision models'),
      saas: yes('Hosted by the provider'),
      build: partial('Separate serving to set up'),
      gpuVendor: partial('Available as separate services'),
    },
  },
  {
    name: 'Evaluations',
    cells: {
      product: yes('Built-in tests for agents'),
      saas: partial('Varies by provider and tier'),
      build: partial('Separate tools to adopt'),
      gpuVendor: partial('Tooling aimed at model teams'),
    },
  },
  {
    name: 'GPU scheduling across models',
    cells: {
      product: yes('Runners share GPUs between models'),
      saas: no('Not applicable: the provider runs the GPUs'),
      build: partial('You build the scheduling'),
      gpuVendor: yes('A core strength of the stack'),
    },
  },
  {
    name: 'Single sign-on and role-based access control',
    cells: {
      product: yes('Active Directory, Okta or any OIDC provider'),
      saas: partial('Usually on enterprise plans only'),
      build: partial('Integration work for each component'),
      gpuVendor: partial('Depends on the surrounding platform'),
    },
  },
  {
    name: 'Freedom of hardware and cloud',
    cells: {
      product: yes('Any major cloud or data centre; CPU-only for trials'),
      saas: no("Tied to the provider's service"),
      build: yes('Your choice'),
      gpuVendor: no("Tied to the vendor's hardware and licenses"),
    },
  },
  {
    name: 'Predictable cost',
    cells: {
      product: yes('Annual license per user and GPU, no per-token fees'),
      saas: no('Usage-based fees that grow with adoption'),
      build: partial('No license fee, but a team to build and maintain it'),
      gpuVendor: partial('Per-GPU licenses on top of hardware'),
    },
  },
  {
    name: 'Time to a working agent',
    cells: {
      product: yes('Minutes locally with one command'),
      saas: yes('Sign up and start'),
      build: no('Months of integration before the first agent'),
      gpuVendor: partial('Weeks of platform work'),
    },
  },
  {
    name: 'Vendor support',
    cells: {
      product: yes('Email and premium support plans'),
      saas: yes('By plan'),
      build: no('Community forums, or your own team'),
      gpuVendor: yes('Enterprise support contracts'),
    },
  },
];

export const supportLabels: Record<Support, string> = { yes: 'Yes', partial: 'Partial', no: 'No' };
