import { useMemo } from 'react';
import { envFile } from '../../shared/setup-guide/env-file';
import { helmValuesYaml } from '../../shared/setup-guide/helm-values';
import { serverInstallCommand } from '../../shared/setup-guide/installer';
import { kubectlSecretCommands } from '../../shared/setup-guide/kubectl-secrets';
import type { GuideVariant } from '../../shared/setup-guide/versions';
import { useBrand } from '../app/use-brand';
import { ConfigForm } from './ConfigForm';
import { OutputBlock } from './OutputBlock';
import { type SetupConfigState, useAccountPrefill } from './use-setup-config';

/** kubernetes: values file and secrets; compose: installer line and .env for a single machine. */
export type OutputKind = 'kubernetes' | 'compose';

interface Props {
  state: SetupConfigState;
  variant: GuideVariant;
  kind: OutputKind;
}

/** The configuration form with the generated files below it. */
export function Generator({ state, variant, kind }: Props) {
  const brand = useBrand();
  const prefill = useAccountPrefill(state, variant, variant === 'app');
  const c = state.config;
  const files = useMemo(
    () =>
      kind === 'kubernetes'
        ? [
            { title: 'Kubernetes secrets', filename: 'secrets.sh', text: kubectlSecretCommands(c), description: 'Run once against your cluster before installing the chart.' },
            { title: 'Helm values', filename: 'values.yaml', text: helmValuesYaml(c, brand.name), description: `Install the ${brand.name} control-plane chart with -f values.yaml.` },
          ]
        : [
            { title: 'Installer', filename: 'install-command.sh', text: serverInstallCommand(c, brand.id), description: 'Run on the server (Ubuntu or Debian with Docker).', wrap: true },
            { title: 'Docker Compose environment', filename: '.env', text: envFile(c, brand.id), description: 'Place next to docker-compose.yaml in the install folder.' },
          ],
    [c, kind, brand],
  );

  return (
    <div className="sg-generator" data-testid="generator">
      <ConfigForm
        state={state}
        variant={variant}
        signedIn={prefill.signedIn}
        savedTokenLast4={prefill.savedTokenLast4}
        choice={prefill.choice}
        versions={prefill.versions}
        versionsLoading={prefill.versionsLoading}
      />
      <div className="sg-outputs">
        <h3>{kind === 'kubernetes' ? 'Generated Kubernetes configuration' : 'Generated Docker Compose configuration'}</h3>
        {files.map((f) => (
          <OutputBlock key={f.filename} {...f} />
        ))}
      </div>
    </div>
  );
}
