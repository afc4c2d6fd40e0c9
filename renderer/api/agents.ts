import { type AgentConfig, agentsContract as c, type Gallery, type ModelClass } from '../../shared/api/agents';
import { call } from './call';

/** The agent gallery calls of public-site 7, each one an entry of the shared contract. */
export const agentsApi = {
  gallery: (): Promise<Gallery> => call(c.gallery).then((r) => r.gallery),
  agentConfig: (id: string): Promise<AgentConfig> => call(c.config, { params: { id } }),
  modelSubstitutions: (): Promise<ModelClass[]> => call(c.modelSubstitutions).then((r) => r.model_classes),
};
