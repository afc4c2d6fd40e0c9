import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ModelClass } from '../../../shared/api/agents';
import { importAgentUrl } from '../../../shared/agents/import-link';
import { agentsApi } from '../../api/agents';
import { useConfigStore } from '../../app/config-store';
import { platform } from '../../platform/index';

export const agentKeys = {
  gallery: ['agents', 'gallery'] as const,
  modelSubstitutions: ['agents', 'model-substitutions'] as const,
};

export function useGallery() {
  return useQuery({ queryKey: agentKeys.gallery, queryFn: agentsApi.gallery, staleTime: 5 * 60_000, retry: 1 });
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

/** Loaded when a deploy menu opens (spec 7). */
export function useModelSubstitutions(enabled: boolean) {
  return useQuery({ queryKey: agentKeys.modelSubstitutions, queryFn: fetchModelClasses, enabled, staleTime: 10 * 60_000 });
}

/** The built-in targets' addresses: the hosted app and the local installation (configurable for tests). */
export function useBuiltInUrls(): { cloudUrl: string; localhostUrl: string } {
  const cloudUrl = useConfigStore((s) => s.config?.hostedAppUrl) ?? '';
  const localhostUrl = useConfigStore((s) => s.config?.localhostImportUrl) ?? 'http://localhost:8080';
  return { cloudUrl, localhostUrl };
}

/**
 * Deploy an agent to an installation: fetch its configuration, wrap it with the model classes into
 * an import link and open the installation's import page. Failures are logged only (spec 8).
 */
export function useDeployAgent(): (agentId: string, targetUrl: string) => Promise<void> {
  const client = useQueryClient();
  return useCallback(
    async (agentId, targetUrl) => {
      let config;
      try {
        config = await agentsApi.agentConfig(agentId);
      } catch (err) {
        console.error('Failed to get agent configuration', err);
        return;
      }
      try {
        const modelClasses = await client.fetchQuery({ queryKey: agentKeys.modelSubstitutions, queryFn: fetchModelClasses, staleTime: 10 * 60_000 });
        platform.openExternal(importAgentUrl(targetUrl, config, modelClasses));
      } catch (err) {
        console.error('Failed to deploy the agent', err);
      }
    },
    [client],
  );
}
