/** Copy of the service providers page (public-site 2.15). */

export const benefits: [title: string, text: string][] = [
  ['White-label', 'Offer agents under your own brand: your name, your domain, your colours. Your customers see your service.'],
  ['Multi-tenant', 'Serve many customers from one installation, each with its own organisation, users, data and access rules.'],
  ['Usage-billed', 'Bill customers for what they use. Metering per tenant lets you set your own prices and margins.'],
];

export const values: [title: string, text: string][] = [
  ['Private by design', 'Run in your data centres or your sovereign cloud, so regulated customers can adopt AI without sending data abroad.'],
  ['A product, not a project', 'Agents, models, retrieval, vision, evaluations and GPU scheduling are ready on day one, so your team sells and supports instead of building.'],
  ['Your GPUs, fully used', 'Schedule many models and tenants across the GPUs you already own and turn idle capacity into revenue.'],
  ['Support behind you', 'Partner onboarding, technical enablement and escalation to our engineers for the customers you serve.'],
];

/**
 * The spec names these three figures but gives no values. Publishing invented numbers would
 * mislead, so the page names each metric and offers to share the figures in a conversation.
 */
export const metrics: [label: string, text: string][] = [
  ['Annual revenue per partner', 'Shared under NDA'],
  ['Time to first customer win', 'Ask us about recent launches'],
  ['Partner retention rate', 'Shared under NDA'],
];
