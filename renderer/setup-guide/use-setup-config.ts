import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { selectSignedIn, useAuthStore } from '../auth/store';
import { useBrand } from '../app/use-brand';
import {
  type AccessMethod,
  initialSetupConfig,
  placeholderSecrets,
  type SetupConfig,
  withAccessMethod,
  withExternalPgvector,
  withExternalPostgres,
  withGeneratedSecrets,
} from '../../shared/setup-guide/config';
import { chooseLicense } from '../../shared/setup-guide/licenses';
import { defaultImageTag, type GuideVariant } from '../../shared/setup-guide/versions';
import { useGuideUserMeta, useGuideVersions } from '../queries/deployments';
import { useGuideLicenses } from '../queries/licenses';

export interface SetupConfigState {
  config: SetupConfig;
  set<K extends keyof SetupConfig>(key: K, value: SetupConfig[K]): void;
  setAccessMethod(m: AccessMethod): void;
  setExternalPostgres(external: boolean): void;
  setExternalPgvector(external: boolean): void;
  /** which account values were already filled in: kept with the form, so re-opening a panel does not refill a cleared field */
  prefilled: { current: { license: boolean; tag: boolean } };
}

/** The form's state with the spec 4 transitions; one per guide, so switching tabs keeps what was typed. */
export function useSetupConfig(variant: GuideVariant): SetupConfigState {
  const brand = useBrand();
  // The first render matches the server's (placeholders: its page is cached for everyone); the browser makes the secrets right after,
  // re-rendering the guide's files in slices (a transition) rather than in one long task.
  const [config, setConfig] = useState(() => initialSetupConfig(brand.id, defaultImageTag(variant, []), placeholderSecrets));
  useEffect(() => startTransition(() => setConfig((c) => withGeneratedSecrets(c))), []);
  const prefilled = useRef({ license: false, tag: false });
  const actions = useMemo(
    () => ({
      set: <K extends keyof SetupConfig>(key: K, value: SetupConfig[K]) => setConfig((c) => ({ ...c, [key]: value })),
      setAccessMethod: (m: AccessMethod) => setConfig((c) => withAccessMethod(c, m)),
      setExternalPostgres: (external: boolean) => setConfig((c) => withExternalPostgres(c, external)),
      setExternalPgvector: (external: boolean) => setConfig((c) => withExternalPgvector(c, external)),
    }),
    [],
  );
  return { config, prefilled, ...actions };
}

/**
 * What the signed-in account fills in (spec 4): the first active license's key, only while the
 * field is empty and only once, so a cleared field stays cleared. The saved Hugging Face token is
 * write-only (issue 28): the form says which one is saved by its last 4 characters. In the app
 * the image tag follows the default version once the list arrives.
 */
export function useAccountPrefill(state: SetupConfigState, variant: GuideVariant, versionsWanted: boolean) {
  const signedIn = useAuthStore(selectSignedIn);
  const licenses = useGuideLicenses(signedIn);
  const meta = useGuideUserMeta(signedIn);
  const versions = useGuideVersions(versionsWanted);
  const done = state.prefilled;
  const [now] = useState(() => new Date());
  const choice = licenses.data ? chooseLicense(licenses.data, now) : undefined;
  const { config, set } = state;

  useEffect(() => {
    if (done.current.license || !choice) return;
    done.current.license = true;
    if (choice.kind === 'active' && !config.licenseKey && choice.license.license_key) set('licenseKey', choice.license.license_key);
  }, [choice, config.licenseKey, set, done]);

  useEffect(() => {
    if (done.current.tag || variant !== 'app' || !versions.data) return;
    done.current.tag = true;
    if (versions.data.length > 0) set('imageTag', defaultImageTag('app', versions.data));
  }, [versions.data, variant, set, done]);

  return { signedIn, choice, savedTokenLast4: meta.data ?? null, licensesLoaded: licenses.data !== undefined, versions: versions.data ?? [], versionsLoading: versions.isPending && versionsWanted };
}
