import { useCallback } from 'react';
import { importAgentUrl } from '../../../shared/agents/import-link';
import { agentsApi, useFetchModelClasses } from '../../queries/agents';
import { platform } from '../../platform/index';

/**
 * Deploy an agent to an installation: fetch its configuration, wrap it with the model classes into
 * an import link and open the installation's import page. Failures are logged only (spec 8).
 */
export function useDeployAgent(): (agentId: string, targetUrl: string) => Promise<void> {
  const loadModelClasses = useFetchModelClasses();
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
        const modelClasses = await loadModelClasses();
        platform.openExternal(importAgentUrl(targetUrl, config, modelClasses));
      } catch (err) {
        console.error('Failed to deploy the agent', err);
      }
    },
    [loadModelClasses],
  );
}
