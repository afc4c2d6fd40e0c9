import { Link } from 'react-router-dom';
import { linkTo } from '../../routes/links';
import { headingOf } from '../../routes/table';
import { PageTitle } from '../../shell/Page';
import { PairList } from '../../shell/PairList';
import { partnerEmail, partnerMailto } from './service-providers/contact';
import { benefits, metrics, values } from './service-providers/content';
import './service-providers/service-providers.css';
import { useBrand } from '../../app/use-brand';

function Cards({ items }: { items: [string, string][] }) {
  return <PairList kind="headings" className="sp-grid" item="article" itemClassName="surface sp-card" items={items} />;
}

/** /service-providers (public-site 2.15): the partner page for white-label, multi-tenant, usage-billed reselling. */
export default function ServiceProvidersPage() {
  const brand = useBrand();
  const mailto = partnerMailto(brand);
  return (
    <section className="page sp-page">
      <header className="sp-hero">
        <p className="sp-eyebrow">Partner program</p>
        <PageTitle>{headingOf('service-providers')}</PageTitle>
        <p className="page-lead">Resell private generative AI to your customers: a white-label, multi-tenant, usage-billed agent platform that runs on your infrastructure under your brand.</p>
        <div className="sp-actions">
          <a className="btn btn-primary" href={mailto}>
            Become a partner
          </a>
          <Link className="btn" to={linkTo('deployment')}>
            See deployment options
          </Link>
        </div>
      </header>

      <section className="sp-section" aria-labelledby="sp-benefits">
        <h2 id="sp-benefits">Built for reselling</h2>
        <Cards items={benefits} />
      </section>

      <section className="sp-section" aria-labelledby="sp-values">
        <h2 id="sp-values">Why partners choose {brand.name}</h2>
        <Cards items={values} />
      </section>

      <section className="sp-section" aria-labelledby="sp-metrics">
        <h2 id="sp-metrics">Partner results</h2>
        <PairList kind="terms" className="figure-grid sp-metrics" itemClassName="sp-metric" items={metrics} />
      </section>

      <section className="cta-box" aria-labelledby="sp-contact">
        <div>
          <h2 id="sp-contact">Talk to the partner team</h2>
          <p>
            Write to <a href={mailto}>{partnerEmail(brand)}</a> with your market and the customers you serve, and we will set up a call.
          </p>
        </div>
        <div className="sp-actions">
          <a className="btn btn-primary" href={mailto}>
            Email us
          </a>
          <Link className="btn" to={linkTo('landing')}>
            Back to home
          </Link>
        </div>
      </section>
    </section>
  );
}
