/** The product showcase tabs (public-site 2.5 item 5) and their copy. */
export const productTabs = ['agents', 'models', 'rag', 'vision', 'evals', 'gpu', 'auth'] as const;
export type ProductTab = (typeof productTabs)[number];

export const products: Record<ProductTab, { label: string; title: string; text: string; points: string[] }> = {
  agents: {
    label: 'Agents',
    title: 'Agents your teams build and own',
    text: 'Compose agents from prompts, tools, knowledge and APIs, version them like code and share them across the organisation.',
    points: ['Agent definitions in YAML, reviewed in Git', 'Tools for APIs, databases and browsers', 'Import ready-made agents from the gallery'],
  },
  models: {
    label: 'Models',
    title: 'Open models, served privately',
    text: 'Run current open-weight language, embedding and vision models on your GPUs, or route to an external provider where policy allows.',
    points: ['One API for every model', 'Swap models without rewriting agents', 'Per-team model allow-lists'],
  },
  rag: {
    label: 'RAG',
    title: 'Answers grounded in your documents',
    text: 'Index file shares, wikis and databases into a private vector store and let agents cite exactly where an answer came from.',
    points: ['Hybrid vector and keyword search', 'Citations back to the source passage', 'Incremental re-indexing'],
  },
  vision: {
    label: 'Vision',
    title: 'Read what people wrote and drew',
    text: 'Extract structure from scans, handwriting, diagrams and screenshots with vision models that never leave your network.',
    points: ['Handwriting and form extraction', 'Tables and charts to data', 'Confidence flags for review'],
  },
  evals: {
    label: 'Evals',
    title: 'Know an agent works before it ships',
    text: 'Test agents against suites of real questions, compare models and prompts, and block releases that get worse.',
    points: ['Regression suites per agent', 'Side-by-side model comparison', 'Runs in CI on every change'],
  },
  gpu: {
    label: 'GPU Scheduling',
    title: 'Every GPU busy, none wasted',
    text: 'Pack models onto GPUs by memory, scale runners up and down with demand and share a cluster fairly between teams.',
    points: ['Memory-aware model placement', 'Scale to zero when idle', 'Mix GPU generations in one pool'],
  },
  auth: {
    label: 'Auth',
    title: 'Your identity provider, your rules',
    text: 'Sign in with Active Directory, Okta or any OIDC provider, and control who may use which agents, models and data.',
    points: ['Single sign-on with OIDC', 'Organisations, teams and roles', 'Audit log of every request'],
  },
};
