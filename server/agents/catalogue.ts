import fs from 'node:fs';
import path from 'node:path';
import { load } from 'js-yaml';
import type { z } from 'zod';
import { agent as agentCard, agentConfig, type Agent, type AgentConfig, type Gallery } from '../../shared/api/agents';
import { withDisplayName } from '../../shared/agents/import-link';
import type { Brand } from '../../shared/brand';
import { agentFile, galleryFile, type AgentFile, type GalleryFile } from './catalogue-schema';

/** The gallery and every agent's configuration, read and checked once at start-up. */
export interface AgentCatalogue {
  gallery: Gallery;
  config(id: string): AgentConfig | undefined;
}

/** A broken catalogue stops start-up; the message names the file and what is wrong in it. */
export class CatalogueError extends Error {
  constructor(file: string, problem: string) {
    super(`Agent catalogue: ${file}: ${problem}`);
    this.name = 'CatalogueError';
  }
}

function readYaml<S extends z.ZodType>(file: string, schema: S): z.output<S> {
  let raw: unknown;
  try {
    raw = load(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new CatalogueError(file, (err as Error).message);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    throw new CatalogueError(file, parsed.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`).join('; '));
  }
  return parsed.data;
}

function readAgents(dir: string): Map<string, { file: string; agent: AgentFile }> {
  const agentsDir = path.join(dir, 'agents');
  let names: string[];
  try {
    names = fs
      .readdirSync(agentsDir)
      .filter((n) => /\.ya?ml$/.test(n))
      .sort();
  } catch (err) {
    throw new CatalogueError(agentsDir, (err as Error).message);
  }
  const agents = new Map<string, { file: string; agent: AgentFile }>();
  for (const name of names) {
    const file = path.join(agentsDir, name);
    const agent = readYaml(file, agentFile);
    if (name.replace(/\.ya?ml$/, '') !== agent.id) throw new CatalogueError(file, `id "${agent.id}" must match the file name`);
    if (agent.config.metadata.name !== agent.id) throw new CatalogueError(file, `config.metadata.name "${agent.config.metadata.name}" must equal the id "${agent.id}"`);
    agents.set(agent.id, { file, agent });
  }
  return agents;
}

/** The file's configuration as installations take it: the brand's agent types, and the display name in `metadata.name` (the file keys it by id). */
function toConfig(agent: AgentFile, brand: Brand): AgentConfig {
  const { config } = agent;
  return withDisplayName(
    agentConfig.parse({
      ...config,
      spec: { ...config.spec, assistants: config.spec.assistants.map((a) => ({ ...a, agent_type: `${brand.id}_${a.agent_type}` })) },
    }),
  );
}

function card(agent: AgentFile, originalCategory: string | undefined): Agent {
  const { config: _config, ...fields } = agent;
  return agentCard.parse(originalCategory === undefined ? fields : { ...fields, original_category: originalCategory });
}

/**
 * An agent's home is the first category listing it that is not the featured showcase (or the
 * showcase, if nothing else lists it); every other listing carries `original_category` pointing
 * home, which is what the gallery's All tab prefers when it merges categories.
 */
function homes(gallery: GalleryFile): Map<string, string> {
  const home = new Map<string, string>();
  const ordered = [...gallery.categories.filter((c) => !c.featured), ...gallery.categories.filter((c) => c.featured)];
  for (const category of ordered) for (const id of category.agents) if (!home.has(id)) home.set(id, category.id);
  return home;
}

function checkGallery(file: string, gallery: GalleryFile, agents: Map<string, unknown>): void {
  const seen = new Set<string>();
  for (const category of gallery.categories) {
    if (seen.has(category.id)) throw new CatalogueError(file, `category "${category.id}" is listed twice`);
    seen.add(category.id);
    const unknown = category.agents.find((id) => !agents.has(id));
    if (unknown) throw new CatalogueError(file, `category "${category.id}" lists "${unknown}", which has no file in agents/`);
    if (new Set(category.agents).size !== category.agents.length) throw new CatalogueError(file, `category "${category.id}" lists an agent twice`);
  }
  if (gallery.categories.filter((c) => c.featured).length > 1) throw new CatalogueError(file, 'only one category can be featured');
  const listed = new Set(gallery.categories.flatMap((c) => c.agents));
  const orphan = [...agents.keys()].find((id) => !listed.has(id));
  if (orphan) throw new CatalogueError(file, `agent "${orphan}" is in no category`);
}

/** Reads `gallery.yaml` and `agents/*.yaml` from `dir`; throws a CatalogueError on the first problem. */
export function loadCatalogue(dir: string, brand: Brand): AgentCatalogue {
  const galleryPath = path.join(dir, 'gallery.yaml');
  const gallery = readYaml(galleryPath, galleryFile);
  const agents = readAgents(dir);
  checkGallery(galleryPath, gallery, agents);
  const home = homes(gallery);
  const configs = new Map([...agents].map(([id, { agent }]) => [id, toConfig(agent, brand)]));
  return {
    gallery: {
      metadata: gallery.metadata,
      categories: gallery.categories.map((c) => ({
        id: c.id,
        name: c.name,
        icon: c.icon,
        agents: c.agents.map((id) => {
          const entry = agents.get(id);
          if (!entry) throw new CatalogueError(galleryPath, `unknown agent "${id}"`);
          return card(entry.agent, home.get(id) === c.id ? undefined : home.get(id));
        }),
      })),
    },
    config: (id) => configs.get(id),
  };
}
