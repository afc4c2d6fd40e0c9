import {
  type AgentConfig,
  agentConfig,
  type Gallery,
  galleryResponse,
  type ModelClass,
  modelSubstitutionsResponse,
} from '../../shared/api/agents';
import { apiRequest } from './client';

/** The agent gallery calls of public-site 7, validated against the shared contract. */
export const agentsApi = {
  gallery: (): Promise<Gallery> => apiRequest('/api/agents', { schema: galleryResponse }).then((r) => r.gallery),
  agentConfig: (id: string): Promise<AgentConfig> => apiRequest(`/api/agents/${encodeURIComponent(id)}`, { schema: agentConfig }),
  modelSubstitutions: (): Promise<ModelClass[]> =>
    apiRequest('/api/model-substitutions', { schema: modelSubstitutionsResponse }).then((r) => r.model_classes),
};
