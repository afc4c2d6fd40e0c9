import { describe, expect, it } from 'vitest';
import { cookiePolicy } from './cookie-policy';
import { privacyPolicy } from './privacy-policy';
import { termsOfService } from './terms-of-service';
import { type LegalDocument, type LegalSection, type TocEntry, tableOfContents } from './types';

const brand = { id: 'acme', name: 'Acme AI' };
const docs: [string, LegalDocument][] = [
  ['privacy', privacyPolicy(brand)],
  ['terms', termsOfService(brand.name)],
  ['cookies', cookiePolicy(brand)],
];

function allSections(sections: LegalSection[]): LegalSection[] {
  return sections.flatMap((s) => [s, ...allSections(s.subsections ?? [])]);
}
function allEntries(entries: TocEntry[]): TocEntry[] {
  return entries.flatMap((e) => [e, ...allEntries(e.children)]);
}
function text(doc: LegalDocument): string {
  return JSON.stringify(doc);
}

describe.each(docs)('%s document', (_, doc) => {
  it('has a contents entry for every section, with unique anchors', () => {
    const ids = allSections(doc.sections).map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(allEntries(tableOfContents(doc)).map((e) => e.id)).toEqual(ids);
  });

  it('names the product from the brand and never the default one', () => {
    expect(text(doc)).toContain('Acme');
    expect(text(doc)).not.toMatch(/helix/i);
  });
});

describe('legal dates', () => {
  it('shows the dates of the spec', () => {
    expect(privacyPolicy(brand).lastUpdated).toBe('January 15, 2025');
    expect(termsOfService(brand.name).lastUpdated).toBe('November 1, 2023');
    expect(termsOfService(brand.name).name).toBe('Subscription Service Agreement');
  });
});

describe('subscription service agreement', () => {
  const terms = termsOfService(brand.name);
  const all = text(terms);

  it.each([
    'auto-renews for successive periods of 12 months',
    'at least 30 days before the end',
    'due within 30 days',
    '1.5% per month',
    'On 10 days’ notice',
    'within 30 days after written notice',
    'within 72 hours',
    'in the 12 months before the event',
    'inactive for more than 6 months',
    'children under 13',
    'individuals authorised by the Customer',
    'fewer than 250 employees and under US$10M annual revenue',
    'Government entities may not use the Personal offering, except for educational use',
    // the legal constants of public-site 9
    'deemed given on the first business day after sending',
    'arbitration in Santa Clara',
    'Utrecht courts after mediation',
    'London under the LCIA Rules, with one arbitrator',
  ])('states "%s"', (phrase) => {
    expect(all).toContain(phrase);
  });

  it('has section 18 with 18.1 to 18.8 in the order of the spec', () => {
    const misc = terms.sections.find((s) => s.number === '18');
    expect(misc?.subsections?.map((s) => `${s.number} ${s.title}`)).toEqual([
      '18.1 Assignment',
      '18.2 Legal notices',
      '18.3 Changes to these terms',
      '18.4 Contractual relationship',
      '18.5 Integration and order of precedence',
      '18.6 Force majeure',
      '18.7 Non-waiver',
      '18.8 Third-party beneficiaries',
    ]);
  });

  it('numbers the top-level sections 1 to 18 without gaps', () => {
    expect(terms.sections.map((s) => s.number)).toEqual(Array.from({ length: 18 }, (_, i) => String(i + 1)));
  });

  it('has a governing-law table by customer domicile', () => {
    const law = terms.sections.find((s) => s.id === 'governing-law');
    const table = law?.body.find((b) => typeof b === 'object' && 'table' in b);
    expect(table && typeof table === 'object' && 'table' in table ? table.table.rows.map((r) => [r[0], r[3]]) : []).toEqual([
      ['United States', expect.stringContaining('arbitration in Santa Clara')],
      ['European Union', expect.stringContaining('Utrecht courts after mediation')],
      ['United Kingdom and any other country', 'Arbitration in London under the LCIA Rules, with one arbitrator'],
    ]);
  });
});

describe('cookie policy', () => {
  const cookies = cookiePolicy(brand);
  it('covers the four cookie types, third-party providers, opt-out links and the missing banner', () => {
    const all = text(cookies);
    for (const type of ['Essential', 'Analytics', 'Functional', 'Marketing']) expect(all).toContain(`"${type}"`);
    expect(cookies.sections.map((s) => s.id)).toEqual(expect.arrayContaining(['no-cookie-banner', 'third-party-cookies', 'opt-out']));
    const optOut = cookies.sections.find((s) => s.id === 'opt-out')?.body.find((b) => typeof b === 'object' && 'links' in b);
    expect(optOut && typeof optOut === 'object' && 'links' in optOut ? optOut.links.every((l) => l.href.startsWith('https://')) : false).toBe(true);
  });

  it('lists the sign-in cookies the embedded identity provider sets', () => {
    expect(text(cookies)).toContain('_session');
    expect(text(cookies)).toContain('_interaction_resume');
  });
});
