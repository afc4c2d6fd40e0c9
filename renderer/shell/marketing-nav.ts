import { linkTo } from '../routes/links';
import type { MarketingRouteName } from '../routes/table';

/** The public site's top bar (public-site 2.4), as data: links and two dropdowns. */
export interface NavEntry {
  label: string;
  to: string;
  /** for the Home dropdown: the landing-page section this entry scrolls to */
  section?: LandingSection;
}

export type NavItem = { kind: 'link'; label: string; route: MarketingRouteName; to: string } | { kind: 'menu'; id: string; label: string; route?: MarketingRouteName; entries: NavEntry[] };

export const landingSections = ['industry-use-cases', 'product-showcase'] as const;
export type LandingSection = (typeof landingSections)[number];

const link = (label: string, route: MarketingRouteName): NavItem => ({ kind: 'link', label, route, to: linkTo(route) });

export const topBar: NavItem[] = [
  {
    kind: 'menu',
    id: 'home',
    label: 'Home',
    route: 'landing',
    entries: [
      { label: 'Solutions', to: linkTo('landing', undefined, { hash: 'industry-use-cases' }), section: 'industry-use-cases' },
      { label: 'Platform', to: linkTo('landing', undefined, { hash: 'product-showcase' }), section: 'product-showcase' },
    ],
  },
  link('Code', 'code'),
  link('Agents', 'agents-gallery'),
  link('Deployment', 'deployment'),
  link('Comparison', 'comparison'),
  link('Pricing', 'pricing'),
  link('Docs', 'docs'),
  {
    kind: 'menu',
    id: 'resources',
    label: 'Resources',
    route: 'resources',
    entries: [
      { label: 'Technical Architecture', to: linkTo('resources', undefined, { hash: 'technical-architecture' }) },
      { label: 'Compliance and Legal', to: linkTo('resources', undefined, { hash: 'compliance-legal' }) },
      { label: 'ROI Calculator', to: linkTo('resources', undefined, { hash: 'roi-calculator' }) },
      { label: 'Implementation Guide', to: linkTo('resources', undefined, { hash: 'implementation-guide' }) },
    ],
  },
];

export interface SectionBox {
  id: LandingSection;
  /** viewport coordinates, as from getBoundingClientRect */
  top: number;
  bottom: number;
}

/**
 * Which landing section the Home menu highlights: the one crossing the reading line (a little
 * below the sticky header). Between and outside the two sections nothing is highlighted, so the
 * hero does not claim to be "Solutions".
 */
export function activeSection(boxes: SectionBox[], readingLine: number): LandingSection | undefined {
  return boxes.find((b) => b.top <= readingLine && b.bottom > readingLine)?.id;
}

/** The reading line for a viewport: a third of the way down, but never above the header. */
export function readingLineFor(viewportHeight: number, headerHeight: number): number {
  return Math.max(headerHeight + 1, Math.round(viewportHeight / 3));
}
