import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { abortableSleep, type CreateError, createErrorOf, newIdempotencyKey, tokenFailedMessage, tokenNeedsSaving, waitForStart } from './create-flow';
import { deploymentKeys, useDeploymentsApi } from '../../queries/deployments';
import { refreshBalance } from '../../queries/billing';
import { openTerminal } from './terminal-store';

export type CreatePhase = 'idle' | 'creating' | 'starting';

export interface CreateInput {
  configId: string;
  gpu: boolean;
  name: string;
  timeoutMins: number | null;
  version: string;
  /** GPU only: the model-hub token as typed (empty: keep the saved one) */
  token?: { entered: string };
}

/**
 * The create flow of section 4: save a changed model-hub token, create, then poll the new
 * deployment every 2 s (up to 5 minutes) until it is installing or running, and auto-open its
 * terminal. Leaving the page stops the polling.
 */
export function useCreateDeployment() {
  const api = useDeploymentsApi();
  const client = useQueryClient();
  const [phase, setPhase] = useState<CreatePhase>('idle');
  const [error, setError] = useState<CreateError | undefined>(undefined);
  const [starting, setStarting] = useState<{ id: string; name: string } | undefined>(undefined);
  const busy = useRef(false);
  const abort = useRef<AbortController | undefined>(undefined);

  useEffect(() => () => abort.current?.abort(), []);

  const submit = useCallback(
    async (input: CreateInput, onCreated?: (id: string) => void) => {
      if (busy.current) return;
      busy.current = true;
      setError(undefined);
      setPhase('creating');
      try {
        if (input.token && tokenNeedsSaving(input.token.entered)) {
          try {
            const meta = await api.updateUserMeta(input.token.entered.trim());
            client.setQueryData(deploymentKeys.userMeta, meta);
          } catch (err) {
            console.error('Saving the model-hub token failed', err);
            setError({ message: tokenFailedMessage, addFunds: false });
            return;
          }
        }

        let id: string;
        try {
          ({ id } = await api.create({ configId: input.configId, name: input.name, timeoutMins: input.timeoutMins, version: input.version, idempotencyKey: newIdempotencyKey() }));
        } catch (err) {
          console.error('Creating the deployment failed', err);
          setError(createErrorOf(err));
          return;
        }
        onCreated?.(id);
        refreshBalance(); // the first hour is charged at create
        void client.invalidateQueries({ queryKey: deploymentKeys.list });

        setPhase('starting');
        setStarting({ id, name: input.name });
        const controller = new AbortController();
        abort.current = controller;
        const result = await waitForStart(id, { get: api.get, sleep: abortableSleep, now: Date.now, signal: controller.signal });
        if (result.outcome === 'aborted') return;
        setStarting(undefined);
        void client.invalidateQueries({ queryKey: deploymentKeys.list });
        if (result.outcome === 'ready') {
          openTerminal(id, true);
          if (input.gpu) void client.prefetchQuery({ queryKey: deploymentKeys.setupSteps(id), queryFn: () => api.setupSteps(id) });
        }
      } finally {
        busy.current = false;
        setPhase('idle');
      }
    },
    [api, client],
  );

  return { phase, error, starting, submit };
}

export type CreateFlow = ReturnType<typeof useCreateDeployment>;
