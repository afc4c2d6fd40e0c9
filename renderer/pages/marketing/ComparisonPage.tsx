import { Link } from 'react-router-dom';
import { linkTo } from '../../routes/links';
import { headingOf } from '../../routes/table';
import { PageTitle } from '../../shell/Page';
import { type Alternative, alternativeLabels, alternatives, type Cell, capabilities, supportLabels } from './comparison/capabilities';
import './comparison/comparison.css';
import { useBrand } from '../../app/use-brand';

function CellContent({ cell }: { cell: Cell }) {
  return (
    <>
      <span className={`cmp-level cmp-${cell.support}`}>{supportLabels[cell.support]}</span>
      <span className="cmp-note">{cell.note}</span>
    </>
  );
}

/** /comparison (public-site 2.9): capabilities against SaaS AI, build-it-yourself and a GPU vendor stack. */
export default function ComparisonPage() {
  const brand = useBrand();
  const label = (a: Alternative) => (a === 'product' ? brand.name : alternativeLabels[a]);
  return (
    <section className="page cmp-page">
      <PageTitle>{headingOf('comparison')}</PageTitle>
      <p className="page-lead">How a private agent platform compares with the usual alternatives, capability by capability.</p>
      {/* A focusable region so keyboard users can scroll the table sideways when it is wider than the window; on a phone it stacks instead. */}
      <div className="cmp-scroll" role="region" aria-labelledby="cmp-caption" tabIndex={0}>
        <table className="cmp-table">
          <caption id="cmp-caption">{brand.name} compared with SaaS AI providers, open source or building internally, and an enterprise GPU vendor stack</caption>
          <thead>
            <tr>
              <th scope="col">Capability</th>
              {alternatives.map((a) => (
                <th key={a} scope="col" className={a === 'product' ? 'cmp-ours' : undefined}>
                  {label(a)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {capabilities.map((c) => (
              <tr key={c.name}>
                <th scope="row">{c.name}</th>
                {alternatives.map((a) => (
                  <td key={a} className={a === 'product' ? 'cmp-ours' : undefined} data-label={label(a)}>
                    <CellContent cell={c.cells[a]} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="cmp-footnote">
        Alternatives are described as categories, not as any one vendor; offerings change, so check the current terms of any provider you consider. See the{' '}
        <Link to={linkTo('deployment')}>deployment options</Link> or <Link to={linkTo('pricing')}>pricing</Link> for the details of each offer.
      </p>
    </section>
  );
}
