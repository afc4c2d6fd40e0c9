import type { GuideVariant } from '../../shared/setup-guide/versions';
import type { OnpremPlatform } from '../routes/selection';
import { onpremTabs, requirements } from './catalog';
import { DockerAccessForm } from './DockerAccessForm';
import { Generator } from './Generator';
import { SupportChatButton } from './SupportChat';
import { Tabs } from './Tabs';
import type { SetupConfigState } from './use-setup-config';

interface Props {
  variant: GuideVariant;
  /** a string, not only the known ids: an unknown option shows the coming-soon message (spec 8) */
  platform: string;
  onPlatform(p: OnpremPlatform): void;
  /** each platform's own address (/docs) */
  platformHref?: (p: OnpremPlatform) => string;
  state: SetupConfigState;
}

function Requirements({ items }: { items: readonly string[] }) {
  return (
    <ul className="sg-reqs">
      {items.map((i) => (
        <li key={i}>{i}</li>
      ))}
    </ul>
  );
}

/** On-Premises: Docker Compose, Kubernetes (GKE from links too), Rancher, VMware vSphere. */
export function OnPremPanel({ variant, platform, onPlatform, platformHref, state }: Props) {
  const tab = platform === 'gke' ? 'kubernetes' : (onpremTabs.find((t) => t.id === platform)?.id ?? undefined);
  return (
    <div className="sg-panel">
      <Tabs label="Platform" options={onpremTabs} selected={tab} onSelect={onPlatform} hrefOf={platformHref} />
      <OnPremBody variant={variant} platform={platform} state={state} />
      <SupportChatButton topic={`On-premises ${onpremTabs.find((t) => t.id === tab)?.label ?? ''}`.trim()} />
    </div>
  );
}

function OnPremBody({ variant, platform, state }: Omit<Props, 'onPlatform'>) {
  switch (platform) {
    case 'docker':
      return (
        <>
          <p className="sg-lead">
            A single Linux server running Docker Compose. Requirements: {requirements.controlPlane.join(', ')}; GPU runners need {requirements.gpuRunner.join(' and ')}.
          </p>
          {variant === 'app' && <DockerAccessForm />}
          <Generator state={state} variant={variant} kind="compose" />
        </>
      );
    case 'kubernetes':
    case 'gke':
      return (
        <>
          <p className="sg-lead">{platform === 'gke' ? 'Google Kubernetes Engine, or any conformant cluster.' : 'Any conformant cluster you run yourself.'}</p>
          <Requirements items={requirements.kubernetes} />
          <Generator state={state} variant={variant} kind="kubernetes" />
        </>
      );
    case 'rancher':
      return (
        <>
          <p className="sg-lead">A Rancher-managed RKE2 or K3s cluster: import the chart from the Apps catalogue or use Helm directly with the files below.</p>
          <Requirements items={requirements.kubernetes} />
          <Generator state={state} variant={variant} kind="kubernetes" />
        </>
      );
    case 'vmware':
      return (
        <>
          <p className="sg-lead">A virtual machine on vSphere running Docker Compose.</p>
          <Requirements items={requirements.vsphere} />
          <Generator state={state} variant={variant} kind="compose" />
        </>
      );
    default:
      return (
        <p className="notice" data-testid="coming-soon">
          A guide for this platform is coming soon. Until then, the Kubernetes or Docker Compose guide covers most setups, and our team can help.
        </p>
      );
  }
}
