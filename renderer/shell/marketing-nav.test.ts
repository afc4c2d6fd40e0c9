import { describe, expect, it } from 'vitest';
import { activeSection, readingLineFor, topBar, type SectionBox } from './marketing-nav';

const boxes = (scrolled: number): SectionBox[] => [
  { id: 'industry-use-cases', top: 1200 - scrolled, bottom: 2000 - scrolled },
  { id: 'product-showcase', top: 2400 - scrolled, bottom: 3200 - scrolled },
];

describe('the section the Home menu highlights', () => {
  it.each([
    ['at the top (hero)', 0, undefined],
    ['use cases reaching the line', 1200 - 260, 'industry-use-cases'],
    ['inside the use cases', 1600, 'industry-use-cases'],
    ['between the sections', 2000 - 260 + 10, undefined],
    ['product showcase reaching the line', 2400 - 260, 'product-showcase'],
    ['past the showcase (manifesto, call to action)', 3200, undefined],
  ])('%s', (_, scrolled, expected) => {
    expect(activeSection(boxes(scrolled), 260)).toBe(expected);
  });

  it('reads a third of the way down, below the header', () => {
    expect(readingLineFor(900, 60)).toBe(300);
    expect(readingLineFor(150, 60)).toBe(61);
  });
});

describe('the top bar', () => {
  it('lists the spec items in order with the dropdown targets', () => {
    expect(topBar.map((i) => i.label)).toEqual(['Home', 'Code', 'Agents', 'Deployment', 'Comparison', 'Pricing', 'Docs', 'Resources']);
    const entries = Object.fromEntries(topBar.flatMap((i) => (i.kind === 'menu' ? i.entries.map((e) => [e.label, e.to]) : [])));
    expect(entries).toEqual({
      Solutions: '/#industry-use-cases',
      Platform: '/#product-showcase',
      'Technical Architecture': '/resources#technical-architecture',
      'Compliance and Legal': '/resources#compliance-legal',
      'ROI Calculator': '/resources#roi-calculator',
      'Implementation Guide': '/resources#implementation-guide',
    });
    expect(topBar.find((i) => i.label === 'Agents')).toMatchObject({ to: '/agents-gallery' });
  });
});
