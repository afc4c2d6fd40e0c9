import { TabList, panelId, tabId } from './TabList';
import { Glyph, type GlyphName } from './glyphs';
import { industryLabels, industryTabs, type AgentType, type IndustryTab } from './industry';
import { useCases } from './use-cases';

const agentGlyph: Record<AgentType, GlyphName> = {
  research: 'research',
  support: 'support',
  coding: 'coding',
  vision: 'vision',
  clinical: 'spec',
  protocol: 'evals',
  'research-enterprise': 'research',
  'support-enterprise': 'support',
  engineering: 'coding',
};

interface Props {
  tab: IndustryTab;
  onChoose(tab: IndustryTab): void;
  onDemo(agent: AgentType): void;
  /** the visitor's company when detection chose the tab */
  detectedCompany: string | undefined;
}

/** Industry use-case tabs (public-site 2.5 item 3), anchor #industry-use-cases. */
export function IndustryUseCases({ tab, onChoose, onDemo, detectedCompany }: Props) {
  return (
    <>
      <h2 className="lp-section-title">Built for regulated industries</h2>
      <p className="lp-section-lead">Agents that handle sensitive work, running where your compliance team can see them.</p>
      {detectedCompany && (
        <p className="lp-detected muted" data-testid="detected-company">
          Showing {industryLabels[tab]} examples for {detectedCompany}.
        </p>
      )}
      <TabList idPrefix="industry" label="Industries" values={industryTabs} selected={tab} onSelect={onChoose} render={(t) => industryLabels[t]} />
      {industryTabs.map((t) => (
        <div key={t} role="tabpanel" id={panelId('industry', t)} aria-labelledby={tabId('industry', t)} hidden={t !== tab} className="lp-cards" tabIndex={0}>
          {useCases[t].map((c) => (
            <article key={c.agent} className="card lp-card">
              <Glyph name={agentGlyph[c.agent]} />
              <h3>{c.title}</h3>
              <p>{c.text}</p>
              <p className="lp-outcome">{c.outcome}</p>
              <button type="button" className="btn btn-small" onClick={() => onDemo(c.agent)}>
                See the demo
              </button>
            </article>
          ))}
        </div>
      ))}
    </>
  );
}
