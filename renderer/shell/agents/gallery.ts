import type { Agent, AgentCategory } from '../../../shared/api/agents';

/** Public-site 9 display limits. */
export const descriptionLimit = 120;
export const maxTags = 3;
export const featuredCount = 4;

export const allTabId = 'all';
export const featuredCategoryId = 'featured';

export interface GalleryCard {
  agent: Agent;
  /** the category label the All tab shows on the card */
  categoryName: string | undefined;
}

/** The default tab: featured if present, otherwise the first category (All when there are none). */
export function defaultTab(categories: Pick<AgentCategory, 'id'>[]): string {
  if (categories.some((c) => c.id === featuredCategoryId)) return featuredCategoryId;
  return categories[0]?.id ?? allTabId;
}

/**
 * The All tab: every category's agents once by id, in first-seen order. When an agent appears more
 * than once, the entry that names its original_category wins; the card is labelled with that
 * category (its name when it is one of the gallery's ids), else the category it was found in.
 */
export function allTabCards(categories: AgentCategory[]): GalleryCard[] {
  const nameOf = new Map(categories.map((c) => [c.id, c.name]));
  const byId = new Map<string, { agent: Agent; foundIn: string }>();
  for (const category of categories) {
    for (const agent of category.agents) {
      const seen = byId.get(agent.id);
      if (!seen || (!seen.agent.original_category && agent.original_category)) {
        // Map.set on an existing key keeps the first-seen position.
        byId.set(agent.id, { agent, foundIn: category.id });
      }
    }
  }
  return [...byId.values()].map(({ agent, foundIn }) => {
    const original = agent.original_category;
    return { agent, categoryName: original ? (nameOf.get(original) ?? original) : nameOf.get(foundIn) };
  });
}

/** The cards of one tab; outside All there is no category label (the tab says it). */
export function tabCards(categories: AgentCategory[], tab: string): GalleryCard[] {
  if (tab === allTabId) return allTabCards(categories);
  return (categories.find((c) => c.id === tab)?.agents ?? []).map((agent) => ({ agent, categoryName: undefined }));
}

export interface Truncated {
  text: string;
  /** whether Read more is offered */
  truncated: boolean;
}

/** A description cut at 120 characters (at the last space when one is near), with an ellipsis. */
export function truncateDescription(description: string, limit: number = descriptionLimit): Truncated {
  const text = description.trim();
  if (text.length <= limit) return { text, truncated: false };
  const cut = text.slice(0, limit);
  const space = cut.lastIndexOf(' ');
  // Break on a word when that loses little; a single long word is cut where it stands.
  const head = space > limit * 0.7 ? cut.slice(0, space) : cut;
  return { text: `${head.replace(/[\s.,;:]+$/, '')}…`, truncated: true };
}

export function visibleTags(tags: string[]): string[] {
  return tags.slice(0, maxTags);
}

/**
 * The Command Center's Featured Agents: the first 4 of the default tab (featured when present),
 * topped up from the All list when that tab holds fewer.
 */
export function featuredAgents(categories: AgentCategory[]): Agent[] {
  const first = tabCards(categories, defaultTab(categories)).map((c) => c.agent);
  const ids = new Set(first.map((a) => a.id));
  const rest = allTabCards(categories)
    .map((c) => c.agent)
    .filter((a) => !ids.has(a.id));
  return [...first, ...rest].slice(0, featuredCount);
}
