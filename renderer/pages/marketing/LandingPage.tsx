import { useCallback, useEffect, useRef, useState } from 'react';
import type { UserInfoResponse } from '../../../shared/api/user-info';
import type { PageProps } from '../../routes/pages';
import { AgentDemo } from './landing/AgentDemo';
import { Architecture } from './landing/Architecture';
import { CallToAction, Manifesto, Testimonial } from './landing/Closing';
import { Hero } from './landing/Hero';
import { IndustryUseCases } from './landing/IndustryUseCases';
import { ProductShowcase } from './landing/ProductShowcase';
import { applyDetection, chooseIndustry, industryForDemo, initialIndustry, type AgentType, type IndustryState, type IndustryTab } from './landing/industry';
import { clipVideoProps, showcaseMedia } from './landing/media';
import { OperatorDemo, useDemoVideos } from './landing/DemoVideo';
import type { ProductTab } from './landing/products';
import { track } from './landing/track';
import { useCompanyDetection } from './landing/use-company-detection';
import './landing/landing.css';

/** The landing page (public-site 2.5): nine sections in the spec's order. */
export default function LandingPage(_props: PageProps) {
  const [industry, setIndustry] = useState<IndustryState>(initialIndustry);
  const [demo, setDemo] = useState<AgentType | undefined>(undefined);
  const [product, setProduct] = useState<ProductTab>('agents');
  const [detectedCompany, setDetectedCompany] = useState<string | undefined>(undefined);
  const demoVideos = useDemoVideos();

  // Detection answers once, maybe after the visitor already chose: read the tabs as they are then.
  const industryNow = useRef(industry);
  useEffect(() => {
    industryNow.current = industry;
  }, [industry]);

  const onDetected = useCallback((result: UserInfoResponse) => {
    if (result.companyInfo) {
      track('company-detected', { name: result.companyInfo.name ?? null, industryMatch: result.industryMatch, confidenceScore: result.confidenceScore });
    }
    const current = industryNow.current;
    const { state, switched } = applyDetection(current, result.industryMatch);
    if (!switched) return;
    track('industry-auto-switched', { from: current.tab, to: state.tab, industryMatch: result.industryMatch });
    setIndustry(state);
    setDetectedCompany(result.companyInfo?.name ?? undefined);
  }, []);
  useCompanyDetection(onDetected);

  const choose = (tab: IndustryTab, via: 'tab' | 'demo') => {
    if (tab !== industry.tab || via === 'tab') track('industry-manually-switched', { from: industry.tab, to: tab, via });
    setIndustry(chooseIndustry(tab));
    setDetectedCompany(undefined);
  };
  const openDemo = (agent: AgentType) => {
    const tab = industryForDemo(agent);
    if (tab) choose(tab, 'demo');
    setDemo(agent);
  };

  return (
    <div className="lp">
      <Hero />
      <Architecture onAgent={openDemo} onProduct={setProduct} />
      <section id="industry-use-cases" className="lp-section" aria-label="Industry use cases">
        <IndustryUseCases tab={industry.tab} onChoose={(t) => choose(t, 'tab')} onDemo={openDemo} detectedCompany={detectedCompany} />
        {demo && <AgentDemo agent={demo} onClose={() => setDemo(undefined)} />}
      </section>
      <section id="product-showcase" className="lp-section" aria-label="Product showcase">
        <ProductShowcase tab={product} onSelect={setProduct} />
      </section>
      <section className="lp-section" aria-labelledby="video-demo-title">
        <h2 id="video-demo-title" className="lp-section-title">
          See it in action
        </h2>
        {demoVideos.landing ? (
          <div className="lp-video" data-testid="demo-video">
            <OperatorDemo url={demoVideos.landing} title="A demo of the platform" />
          </div>
        ) : (
          <>
            <p className="lp-section-lead">A recording of the product: browsing the agent gallery and deploying an agent.</p>
            <div className="lp-video" data-testid="demo-video">
              <video {...clipVideoProps(showcaseMedia.agents)} aria-label="Recording: the agent gallery and its Deploy menu" />
            </div>
          </>
        )}
      </section>
      <Manifesto />
      <Testimonial />
      <CallToAction />
    </div>
  );
}
