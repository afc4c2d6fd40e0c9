import { z } from 'zod';
import { json, routesOf } from './route';

/** An agent as the gallery shows it (public-site 3). */
export const agent = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  benefit: z.string(),
  tags: z.array(z.string()),
  icon: z.string(),
  avatar: z.string().optional(),
  image: z.string().optional(),
  original_category: z.string().optional(),
});
export type Agent = z.infer<typeof agent>;

export const agentCategory = z.object({ id: z.string(), name: z.string(), icon: z.string(), agents: z.array(agent) });
export type AgentCategory = z.infer<typeof agentCategory>;

/** GET /api/agents */
export const galleryResponse = z.object({
  gallery: z.object({
    metadata: z.object({ name: z.string(), description: z.string() }),
    categories: z.array(agentCategory),
  }),
});
export type Gallery = z.infer<typeof galleryResponse>['gallery'];

export const agentIdParam = z.object({ id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,79}$/, 'Unknown agent') });

/** The platform's agent configuration (interop.md: AIApp YAML), as GET /api/agents/{id} answers it in JSON. */
export const assistantConfig = z.object({
  name: z.string().min(1),
  description: z.string(),
  system_prompt: z.string().min(1),
  agent_type: z.string().min(1),
  provider: z.string().min(1),
  model: z.string().min(1),
});
export const agentConfig = z.object({
  apiVersion: z.literal('app.aispec.org/v1alpha1'),
  kind: z.literal('AIApp'),
  metadata: z.object({ name: z.string().min(1) }),
  spec: z.object({
    name: z.string().min(1),
    description: z.string(),
    avatar: z.string().optional(),
    image: z.string().optional(),
    assistants: z.array(assistantConfig).min(1),
  }),
});
export type AgentConfig = z.infer<typeof agentConfig>;

/** interop.md model_classes */
export const modelClass = z.object({
  name: z.string(),
  alternatives: z.array(z.object({ provider: z.string(), model: z.string() })),
});
export type ModelClass = z.infer<typeof modelClass>;
export const modelSubstitutionsResponse = z.object({ model_classes: z.array(modelClass) });

const route = routesOf('agents');

/** The agent gallery, configurations and model classes (public-site 6). */
export const agentsContract = {
  gallery: route('visitor', 'agents.gallery', 'GET /api/agents', { summary: 'The agent gallery', responses: { 200: json('Gallery', galleryResponse) } }),
  config: route('visitor', 'agents.config', 'GET /api/agents/{id}', { summary: "An agent's configuration", params: agentIdParam, responses: { 200: json('Configuration', agentConfig) } }),
  modelSubstitutions: route('visitor', 'agents.model-substitutions', 'GET /api/model-substitutions', {
    summary: 'Model classes for import links',
    responses: { 200: json('Model classes', modelSubstitutionsResponse) },
  }),
};
