import { type KeyboardEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { linkTo } from '../../../routes/links';
import { headingOf } from '../../../routes/table';
import { PageTitle } from '../../../shell/Page';
import { TabList, panelId, tabId } from './TabList';
import { heroShot } from './media';
import { rovingIndex } from '../../../shell/roving-index';
import { useSwipe } from './use-swipe';

const roles = ['business', 'technical'] as const;
type Role = (typeof roles)[number];

interface Variant {
  label: string;
  eyebrow: string;
  title: string;
  text: string;
  primary: [label: string, to: string];
  secondary: [label: string, to: string];
}

/** Variant 1 Business Leader, variant 2 Technical Leader (public-site 2.5 item 1). */
const variants: Record<Role, Variant> = {
  business: {
    label: 'Business Leader',
    eyebrow: 'For business leaders',
    title: 'AI agents that work for your business, on infrastructure you control',
    text: 'Put research, service and document agents to work across your teams while customer data, prompts and models stay inside your own walls. Clear licensing, measurable returns and nothing sent to a third party.',
    primary: ['See industry use cases', linkTo('landing', undefined, { hash: 'industry-use-cases' })],
    secondary: ['Estimate your ROI', linkTo('resources', undefined, { hash: 'roi-calculator' })],
  },
  technical: {
    label: 'Technical Leader',
    eyebrow: 'For technical leaders',
    title: 'The complete private GenAI stack, on your own GPUs',
    text: 'Agents, model serving, retrieval, vision, evaluations, GPU scheduling and single sign-on in one platform. Install it with Docker or Kubernetes: on-premises, in your cloud account or fully air-gapped.',
    primary: ['Explore the platform', linkTo('landing', undefined, { hash: 'product-showcase' })],
    secondary: ['Deployment options', linkTo('deployment')],
  },
};

const prefix = 'hero';

/** The hero carousel: role tabs, the two texts side by side on a track, and dots — all driven by one variant number. */
export function Hero() {
  const [variant, setVariant] = useState(1);
  const { offset, dragging, handlers } = useSwipe(variant, roles.length, setVariant);
  const role: Role = roles[variant - 1] ?? 'business';

  const onDotKey = (e: KeyboardEvent, index: number) => {
    const next = rovingIndex(e.key, index, roles.length);
    if (next === undefined) return;
    e.preventDefault();
    setVariant(next + 1);
    (e.currentTarget.parentElement?.children[next] as HTMLElement | undefined)?.focus();
  };

  return (
    <section className="lp-hero" aria-roledescription="carousel" aria-label="Who the platform is for" data-testid="hero" data-variant={variant}>
      <PageTitle>{headingOf('landing')}</PageTitle>
      <div className="lp-hero-layout">
        <div className="lp-hero-main">
          <TabList
            idPrefix={prefix}
            label="Choose your role"
            values={roles}
            selected={role}
            onSelect={(r) => setVariant(roles.indexOf(r) + 1)}
            render={(r) => variants[r].label}
            className="lp-tabs lp-hero-roles"
          />
          <div className="lp-hero-viewport" {...handlers}>
            <div className={`lp-hero-track${dragging ? ' dragging' : ''}`} style={{ transform: `translateX(calc(${-(variant - 1) * 100}% + ${offset}px))` }}>
              {roles.map((r) => {
                const v = variants[r];
                const shown = r === role;
                return (
                  <div key={r} className="lp-hero-slide" role="tabpanel" id={panelId(prefix, r)} aria-labelledby={tabId(prefix, r)} aria-hidden={!shown} inert={!shown}>
                    <p className="lp-eyebrow">{v.eyebrow}</p>
                    <h2 className="lp-hero-title">{v.title}</h2>
                    <p className="lp-hero-text">{v.text}</p>
                    <div className="lp-actions">
                      <Link className="btn btn-primary lp-btn" to={v.primary[1]}>
                        {v.primary[0]}
                      </Link>
                      <Link className="btn lp-btn" to={v.secondary[1]}>
                        {v.secondary[0]}
                      </Link>
                    </div>
                  </div>
                );
              })}
            </div>
          </div>
          <div className="lp-dots" role="group" aria-label="Variants">
            {roles.map((r, i) => (
              <button
                key={r}
                type="button"
                className={`lp-dot${r === role ? ' current' : ''}`}
                aria-label={`Variant ${i + 1}: ${variants[r].label}`}
                aria-current={r === role ? 'true' : undefined}
                tabIndex={r === role ? 0 : -1}
                onClick={() => setVariant(i + 1)}
                onKeyDown={(e) => onDotKey(e, i)}
              />
            ))}
          </div>
        </div>
        <figure className="lp-hero-shot">
          {/* The largest picture above the fold: fetched first, at a fixed size so nothing moves when it arrives. */}
          <div className="lp-hero-frame">
            <img
              src={heroShot.src}
              width={heroShot.width}
              height={heroShot.height}
              fetchPriority="high"
              decoding="async"
              alt="Hosted Deployments in the product: a trial VM running, with its terminal, UI and logs a click away"
            />
          </div>
          <figcaption className="muted">The product, as a signed-in team member sees it</figcaption>
        </figure>
      </div>
    </section>
  );
}
