import { useCallback, useEffect, useRef, useState } from 'react';
import type { CreateDeploymentInput } from '../../../shared/api/deployments';
import { abortableSleep, type CreateError, createErrorOf, tokenFailedMessage, tokenNeedsSaving, waitForStart } from './create-flow';
import { useCreateDeploymentMutation, useDeploymentStarted, useDeploymentsApi, useSaveModelHubToken } from '../../queries/deployments';
import { openTerminal } from './terminal-store';
import { announce } from '../../shell/announce';

export type CreatePhase = 'idle' | 'creating' | 'starting';

/** What the form knows beside the request: the type's kind, the token field, and what to do once the row exists. */
export interface CreateScreen {
  gpu: boolean;
  /** GPU only: the model-hub token as typed (empty: keep the saved one) */
  token?: string;
  onCreated?: (id: string) => void;
}

/**
 * The create flow of section 4: save a changed model-hub token, create, then poll the new
 * deployment every 2 s (up to 5 minutes) until it is installing or running, and auto-open its
 * terminal. Leaving the page stops the polling.
 */
export function useCreateDeployment() {
  const api = useDeploymentsApi();
  const saveToken = useSaveModelHubToken().mutateAsync;
  const create = useCreateDeploymentMutation().mutateAsync;
  const started = useDeploymentStarted();
  const [phase, setPhase] = useState<CreatePhase>('idle');
  const [error, setError] = useState<CreateError | undefined>(undefined);
  const [starting, setStarting] = useState<{ id: string; name: string } | undefined>(undefined);
  const busy = useRef(false);
  const abort = useRef<AbortController | undefined>(undefined);

  useEffect(() => () => abort.current?.abort(), []);

  const submit = useCallback(
    async (input: CreateDeploymentInput, screen: CreateScreen) => {
      if (busy.current) return;
      busy.current = true;
      setError(undefined);
      setPhase('creating');
      try {
        if (screen.token !== undefined && tokenNeedsSaving(screen.token)) {
          try {
            await saveToken(screen.token);
          } catch (err) {
            console.error('Saving the model-hub token failed', err);
            setError({ message: tokenFailedMessage, addFunds: false });
            return;
          }
        }

        let id: string;
        try {
          ({ id } = await create(input));
        } catch (err) {
          console.error('Creating the deployment failed', err);
          setError(createErrorOf(err));
          return;
        }
        screen.onCreated?.(id);
        announce(`Deployment ${input.name} created`);

        setPhase('starting');
        setStarting({ id, name: input.name });
        const controller = new AbortController();
        abort.current = controller;
        const result = await waitForStart(id, { get: api.get, sleep: abortableSleep, now: Date.now, signal: controller.signal });
        if (result.outcome === 'aborted') return;
        setStarting(undefined);
        started(id, result.outcome === 'ready' && screen.gpu);
        if (result.outcome === 'ready') openTerminal(id, true);
      } finally {
        busy.current = false;
        setPhase('idle');
      }
    },
    [api, saveToken, create, started],
  );

  return { phase, error, starting, submit };
}

export type CreateFlow = ReturnType<typeof useCreateDeployment>;
