import { Link } from 'react-router-dom';
import { linkTo } from '../../../routes/links';
import { type MarketingRouteName, headingOf } from '../../../routes/table';
import { PageTitle } from '../../../shell/Page';
import { type LegalBlock, type LegalDocument, type LegalLink, type LegalSection, sectionLabel, type TocEntry, tableOfContents } from './types';
import './legal.css';

function LinkTo({ link }: { link: LegalLink }) {
  // Site paths navigate client-side; anything else is another site and opens in a new tab.
  return link.href.startsWith('/') ? (
    <Link to={link.href}>{link.label}</Link>
  ) : (
    <a href={link.href} target="_blank" rel="noopener noreferrer">
      {link.label}
    </a>
  );
}

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === 'string') return <p>{block}</p>;
  if ('list' in block)
    return (
      <ul>
        {block.list.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    );
  if ('links' in block)
    return (
      <ul className="legal-links-list">
        {block.links.map((l) => (
          <li key={l.href}>
            <LinkTo link={l} />
            {l.note && <span className="legal-link-note"> — {l.note}</span>}
          </li>
        ))}
      </ul>
    );
  const { table } = block;
  return (
    <div className="legal-table-wrap" role="region" aria-label={table.caption} tabIndex={0}>
      <table className="legal-table">
        <caption>{table.caption}</caption>
        <thead>
          <tr>
            {table.head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row[0]}>
              {row.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={i}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Section({ section, depth }: { section: LegalSection; depth: 2 | 3 }) {
  const Heading = depth === 2 ? 'h2' : 'h3';
  return (
    <section className="legal-section" aria-labelledby={section.id}>
      <Heading id={section.id}>{sectionLabel(section)}</Heading>
      {section.body.map((b, i) => (
        <Block key={i} block={b} />
      ))}
      {section.subsections?.map((s) => (
        <Section key={s.id} section={s} depth={3} />
      ))}
    </section>
  );
}

function Toc({ entries, route }: { entries: TocEntry[]; route: MarketingRouteName }) {
  return (
    <ol>
      {entries.map((e) => (
        <li key={e.id}>
          <Link to={linkTo(route, undefined, { hash: e.id })}>{e.label}</Link>
          {e.children.length > 0 && <Toc entries={e.children} route={route} />}
        </li>
      ))}
    </ol>
  );
}

/** A legal page: title, document name and date, table of contents, then the numbered sections. */
export function LegalDocumentView({ route, doc }: { route: MarketingRouteName; doc: LegalDocument }) {
  const heading = headingOf(route);
  return (
    <article className="page legal-page">
      <header className="legal-header">
        <PageTitle>{heading}</PageTitle>
        {doc.name !== heading && <p className="legal-doc-name">{doc.name}</p>}
        <p className="legal-updated">Last updated: {doc.lastUpdated}</p>
        {doc.intro.map((b, i) => (
          <Block key={i} block={b} />
        ))}
      </header>
      <nav className="legal-toc" aria-labelledby="legal-toc-title">
        <h2 id="legal-toc-title">Contents</h2>
        <Toc entries={tableOfContents(doc)} route={route} />
      </nav>
      {doc.sections.map((s) => (
        <Section key={s.id} section={s} depth={2} />
      ))}
    </article>
  );
}
