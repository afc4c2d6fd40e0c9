import type { GuideVariant } from '../../shared/setup-guide/versions';
import type { CloudProvider } from '../routes/selection';
import { cloudNotes, cloudTabs, type DeploymentType, deploymentTypeLabels } from './catalog';
import { Generator } from './Generator';
import { SupportChatButton } from './SupportChat';
import { Tabs } from './Tabs';
import type { SetupConfigState } from './use-setup-config';

interface Props {
  variant: GuideVariant;
  provider: CloudProvider;
  onProvider(p: CloudProvider): void;
  /** each provider's own address (/docs) */
  providerHref?: (p: CloudProvider) => string;
  deploymentType: DeploymentType;
  onDeploymentType(t: DeploymentType): void;
  state: SetupConfigState;
}

/** Cloud: provider tabs, VM or Kubernetes (default VM), then the generator. */
export function CloudPanel({ variant, provider, onProvider, providerHref, deploymentType, onDeploymentType, state }: Props) {
  const label = cloudTabs.find((t) => t.id === provider)?.label ?? provider;
  return (
    <div className="sg-panel">
      <Tabs label="Cloud provider" options={cloudTabs} selected={provider} onSelect={onProvider} hrefOf={providerHref} />
      <Tabs
        label="Deployment type"
        options={(Object.keys(deploymentTypeLabels) as DeploymentType[]).map((id) => ({ id, label: deploymentTypeLabels[id] }))}
        selected={deploymentType}
        onSelect={onDeploymentType}
      />
      <p className="sg-lead">
        <strong>{label}:</strong> {cloudNotes[provider][deploymentType]}
      </p>
      <Generator state={state} variant={variant} kind={deploymentType === 'kubernetes' ? 'kubernetes' : 'compose'} />
      <SupportChatButton topic={`${label} ${deploymentTypeLabels[deploymentType]}`} />
    </div>
  );
}
