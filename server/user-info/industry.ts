import type { CompanyCategory, IndustryMatch } from '../../shared/api/user-info';

// Words as lookup services spell industries (GICS and NAICS names, free-text sectors).
const finance = /financ|bank|insur|capital market|invest|asset manage|fintech|lending|credit|payment|brokerage|accounting/i;
const healthcare = /health|medic|pharma|biotech|hospital|clinic|life science|diagnostic|therapeut/i;

/**
 * The industry a company's category points to, when the lookup did not name one. Health is
 * checked first: "health insurance" is a healthcare company to a visitor from it. A category with
 * any text that matches neither is `other`; no category text at all is no match.
 */
export function industryMatchOf(category: CompanyCategory | null | undefined): IndustryMatch | null {
  if (!category) return null;
  const words = [category.industry, category.industryGroup, category.sector, category.subIndustry].filter((w): w is string => !!w && w.trim() !== '');
  if (words.length === 0) return null;
  const all = words.join(' | ');
  if (healthcare.test(all)) return 'healthcare';
  if (finance.test(all)) return 'finance';
  return 'other';
}
