/** Legal pages are data: sections of paragraphs, lists, tables and links, rendered by one view. */
export interface LegalTable {
  caption: string;
  head: string[];
  rows: string[][];
}

export interface LegalLink {
  label: string;
  href: string;
  note?: string;
}

export type LegalBlock = string | { list: string[] } | { table: LegalTable } | { links: LegalLink[] };

export interface LegalSection {
  /** the anchor of the section, unique in its document */
  id: string;
  /** "6" or "18.3"; shown before the title */
  number?: string;
  title: string;
  body: LegalBlock[];
  subsections?: LegalSection[];
}

export interface LegalDocument {
  /** the document's own name, e.g. Subscription Service Agreement */
  name: string;
  lastUpdated: string;
  intro: LegalBlock[];
  sections: LegalSection[];
}

export interface TocEntry {
  id: string;
  label: string;
  children: TocEntry[];
}

/** "6. Fees and payment" for a section, "18.3 Changes to these terms" for a subsection. */
export function sectionLabel(s: Pick<LegalSection, 'number' | 'title'>): string {
  if (!s.number) return s.title;
  return s.number.includes('.') ? `${s.number} ${s.title}` : `${s.number}. ${s.title}`;
}

/** The table of contents: every section and subsection, in order. */
export function tableOfContents(doc: LegalDocument): TocEntry[] {
  const entry = (s: LegalSection): TocEntry => ({ id: s.id, label: sectionLabel(s), children: (s.subsections ?? []).map(entry) });
  return doc.sections.map(entry);
}
