/** The landing page's industry tabs, their agents and how company detection picks one (public-site 2.5, 4). */
export const industryTabs = ['financial', 'healthcare', 'regulated'] as const;
export type IndustryTab = (typeof industryTabs)[number];

export const industryLabels: Record<IndustryTab, string> = {
  financial: 'Financial Services',
  healthcare: 'Healthcare',
  regulated: 'Regulated Enterprise',
};

export const agentTypes = ['research', 'support', 'coding', 'vision', 'clinical', 'protocol', 'research-enterprise', 'support-enterprise', 'engineering'] as const;
export type AgentType = (typeof agentTypes)[number];

/** industryMatch from GET /api/user-info: finance → financial, healthcare → healthcare, other → regulated, anything else → none. */
export function industryTabFor(industryMatch: string | null | undefined): IndustryTab | undefined {
  switch (industryMatch) {
    case 'finance':
      return 'financial';
    case 'healthcare':
      return 'healthcare';
    case 'other':
      return 'regulated';
    default:
      return undefined;
  }
}

/** Demo shortcuts that also select an industry: vision → healthcare; research, support, coding → financial. */
const shortcutIndustry: Partial<Record<AgentType, IndustryTab>> = {
  vision: 'healthcare',
  research: 'financial',
  support: 'financial',
  coding: 'financial',
};

export function industryForDemo(agent: AgentType): IndustryTab | undefined {
  return shortcutIndustry[agent];
}

export interface IndustryState {
  tab: IndustryTab;
  /** once the visitor picked a tab (or a demo that selects one), detection no longer moves it */
  chosenByVisitor: boolean;
}

export const initialIndustry: IndustryState = { tab: 'financial', chosenByVisitor: false };

/** What a detection result does to the tabs; `switched` says whether it counts as an auto-switch. */
export function applyDetection(state: IndustryState, industryMatch: string | null | undefined): { state: IndustryState; switched: boolean } {
  const tab = industryTabFor(industryMatch);
  if (!tab || state.chosenByVisitor) return { state, switched: false };
  return { state: { tab, chosenByVisitor: false }, switched: true };
}

export function chooseIndustry(tab: IndustryTab): IndustryState {
  return { tab, chosenByVisitor: true };
}
