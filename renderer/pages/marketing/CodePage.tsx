import { useState } from 'react';
import { defaultBrand } from '../../../shared/brand';
import { selectProductName, useConfigStore } from '../../app/config-store';
import type { PageProps } from '../../routes/pages';
import { PageTitle } from '../../shell/Page';
import { TitledSection } from '../../shell/TitledSection';
import { CodeCanvas } from './code/CodeCanvas';
import { betaInviteUrl, codeTabs, features, tabs, type CodeTab } from './code/content';
import { Glyph } from './landing/glyphs';
import { OperatorDemo, useDemoVideos } from './landing/DemoVideo';
import { TabList, panelId, tabId } from './landing/TabList';
import './landing/landing.css';
import './code/code.css';

/** The coding-agent page (public-site 2.12). */
export default function CodePage(_props: PageProps) {
  const product = useConfigStore(selectProductName) ?? defaultBrand.name;
  const [tab, setTab] = useState<CodeTab>('spec');
  const demo = useDemoVideos().code;

  return (
    <div className="code-page">
      <CodeCanvas />

      <header className="code-head">
        <PageTitle>
          {product} Code <span className="code-beta">Beta</span>
        </PageTitle>
        <p className="lp-hero-text">
          Coding agents that each get their own GPU-accelerated Linux desktop, streamed to you. They write the spec before the code, and a kanban board keeps track of every one of them.
        </p>
      </header>

      <TitledSection className="lp-section" titleId="code-features-title" titleClassName="lp-section-title" title="How it works">
        <div className="code-features">
          {features.map((f) => (
            <article key={f.title} className="card code-feature">
              <Glyph name={f.glyph} />
              <h3>{f.title}</h3>
              <p>{f.text}</p>
            </article>
          ))}
        </div>
      </TitledSection>

      <section className="lp-section" aria-label="Capabilities">
        <TabList<CodeTab>
          idPrefix="code"
          label="Capabilities"
          values={codeTabs}
          selected={tab}
          onSelect={setTab}
          render={(t) => (
            <>
              {tabs[t].label}
              {tabs[t].comingSoon && <span className="code-soon">Coming Soon</span>}
            </>
          )}
        />
        {codeTabs.map((t) => (
          <div key={t} role="tabpanel" id={panelId('code', t)} aria-labelledby={tabId('code', t)} hidden={t !== tab} className="card code-panel" tabIndex={0}>
            <h3>{tabs[t].title}</h3>
            <p>{tabs[t].text}</p>
          </div>
        ))}
      </section>

      {/* Only the operator's own recording (CODE_DEMO_VIDEO_URL): without one, no player that plays nothing (issue 44). */}
      {demo && (
        <section className="lp-section" aria-labelledby="code-demo-title">
          <h2 id="code-demo-title" className="lp-section-title">
            See it in action
          </h2>
          <div className="lp-video" data-testid="code-demo-video">
            <OperatorDemo url={demo} title={`A demo of ${product} Code`} />
          </div>
        </section>
      )}

      {/* Not a tab: latency is a property of every desktop, so it stands on its own. */}
      <section className="lp-section code-latency" aria-labelledby="code-latency-title" data-testid="latency-panel">
        <Glyph name="bolt" size={28} />
        <div>
          <h2 id="code-latency-title" className="lp-section-title">
            Sub-100ms latency
          </h2>
          <p>
            Desktops are encoded on the GPU and streamed over a low-latency connection, so typing, scrolling and dragging in an agent&apos;s desktop feel local, with under 100 ms from your input to
            the updated picture.
          </p>
        </div>
      </section>

      <TitledSection className="lp-section code-dogfood" titleId="code-dogfood-title" titleClassName="lp-section-title" title="We build it with itself">
        <p>{product} Code is developed by a fleet of its own agents. New features start as specs our agents write and we review, and the board on our own screens is the one you will use.</p>
      </TitledSection>

      <section className="lp-section" aria-label="Testimonial">
        <figure className="lp-quote">
          <blockquote>
            <p>
              I keep the kanban board open all day. Cards move from Backlog to Design (review), I read the spec over coffee, and by the afternoon they are waiting in Implementation (review) with tests
              passing. It feels like managing a team that never sleeps.
            </p>
          </blockquote>
          <figcaption>
            <strong>Engineering lead</strong>
            <span className="muted">, private-beta organisation</span>
          </figcaption>
        </figure>
      </section>

      <TitledSection className="lp-section card code-beta-panel" titleId="code-beta-title" titleClassName="lp-section-title" title="Join the private beta">
        <p>{product} Code is in private beta. It runs on your own GPU with Docker or on our cloud, and it is free for organisations under $10M annual revenue.</p>
        <a className="btn btn-primary lp-btn" href={betaInviteUrl} target="_blank" rel="noopener noreferrer">
          Get an invite in our chat community
        </a>
      </TitledSection>
    </div>
  );
}
