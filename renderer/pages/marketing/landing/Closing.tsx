import { Link } from 'react-router-dom';
import { cloudTypeSlug, defaultBrand } from '../../../../shared/brand';
import { selectBrandId, selectProductName, useConfigStore } from '../../../app/config-store';
import { linkTo } from '../../../routes/links';

/** Manifesto (public-site 2.5 item 7). */
export function Manifesto() {
  return (
    <section className="lp-section lp-manifesto" aria-labelledby="manifesto-title">
      <h2 id="manifesto-title" className="lp-section-title">
        AI you own, not AI you rent
      </h2>
      <p>
        The most valuable things an organisation knows are in its contracts, patient notes, source code and customer conversations. Those are exactly the things that should never become someone
        else&apos;s training data.
      </p>
      <p>
        We believe every organisation should be able to run capable AI on its own terms: open models it can inspect, infrastructure it can audit, costs it can predict, and the freedom to switch any
        part of the stack without starting again.
      </p>
      <p className="lp-manifesto-close">Private by default. Open by design. Yours to keep.</p>
    </section>
  );
}

/** Testimonial (public-site 2.5 item 8). */
export function Testimonial() {
  return (
    <section className="lp-section" aria-label="Customer testimonial">
      <figure className="lp-quote">
        <blockquote>
          <p>
            Our compliance team signed off in weeks, not quarters, because nothing leaves our data centre. Analysts now start from a sourced draft instead of a blank page, and we run it on GPUs we
            already owned.
          </p>
        </blockquote>
        <figcaption>
          <strong>Head of Data Platforms</strong>
          <span className="muted">, a European retail bank</span>
        </figcaption>
      </figure>
    </section>
  );
}

/** Call to action with the three ways in (public-site 2.5 item 9). */
export function CallToAction() {
  const brandId = useConfigStore(selectBrandId) ?? defaultBrand.id;
  const productName = useConfigStore(selectProductName) ?? defaultBrand.name;
  const options: { title: string; text: string; note?: string; action: string; to: string; primary?: boolean }[] = [
    {
      title: 'Hosted Platform',
      text: `Sign up and use ${productName} on our shared infrastructure. Nothing to install.`,
      action: 'Start Free',
      to: linkTo('deployments', { type: cloudTypeSlug({ id: brandId, name: productName }) }),
    },
    {
      title: 'Deploy Your Instance',
      text: 'Your own virtual machine with the full platform and admin access, ready in minutes.',
      note: '$4 free credit to start',
      action: 'Launch Now',
      to: linkTo('deployments', { type: 'trial-vm' }),
      primary: true,
    },
    {
      title: 'Private Deployment',
      text: 'Install on your laptop, your cloud account or your data centre, with or without internet access.',
      action: 'Deploy Guide',
      to: linkTo('deployment'),
    },
  ];
  return (
    <section className="lp-section lp-cta" aria-labelledby="cta-title" data-testid="landing-cta">
      <h2 id="cta-title" className="lp-section-title">
        Start where you are
      </h2>
      <div className="lp-cta-options">
        {options.map((o) => (
          <article key={o.title} className={`card lp-cta-option${o.primary ? ' featured' : ''}`}>
            <h3>{o.title}</h3>
            <p>{o.text}</p>
            {o.note && <p className="lp-cta-note">{o.note}</p>}
            <Link className={`btn ${o.primary ? 'btn-primary' : ''} lp-btn`} to={o.to}>
              {o.action}
            </Link>
          </article>
        ))}
      </div>
    </section>
  );
}
