import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type AgentConfig, agentsContract as c, type Gallery, type ModelClass } from '../../shared/api/agents';
import { call } from '../api/call';
import { pageData } from '../app/page-data';

/** The agent gallery calls of public-site 7, each one an entry of the shared contract. */
export const agentsApi = {
  gallery: (): Promise<Gallery> => call(c.gallery).then((r) => r.gallery),
  agentConfig: (id: string): Promise<AgentConfig> => call(c.config, { params: { id } }),
  modelSubstitutions: (): Promise<ModelClass[]> => call(c.modelSubstitutions).then((r) => r.model_classes),
};

export const agentKeys = {
  gallery: ['agents', 'gallery'] as const,
  modelSubstitutions: ['agents', 'model-substitutions'] as const,
};

// A page the server rendered with the gallery brings it along: its cards paint and hydrate without a request.
let served: { gallery: Gallery | undefined } | undefined;
const servedGallery = () => (served ??= { gallery: pageData().gallery }).gallery;

export function useGallery() {
  return useQuery({ queryKey: agentKeys.gallery, queryFn: agentsApi.gallery, initialData: servedGallery, staleTime: 5 * 60_000, retry: 1 });
}

/** Model classes sent with every import link; a failure is logged only and sends none (spec 8). */
async function fetchModelClasses(): Promise<ModelClass[]> {
  try {
    return await agentsApi.modelSubstitutions();
  } catch (err) {
    console.error('Failed to load model substitutions', err);
    return [];
  }
}

const modelSubstitutionsQuery = { queryKey: agentKeys.modelSubstitutions, queryFn: fetchModelClasses, staleTime: 10 * 60_000 };

/** The deploy action's read of the model classes: the menu's early load when fresh, fetched otherwise. */
export function useFetchModelClasses(): () => Promise<ModelClass[]> {
  const client = useQueryClient();
  return useCallback(() => client.fetchQuery(modelSubstitutionsQuery), [client]);
}

/** Loaded when a deploy menu opens (spec 7). */
export function useModelSubstitutions(enabled: boolean) {
  return useQuery({ ...modelSubstitutionsQuery, enabled });
}
