import { useState } from 'react';
import type { GuideVariant } from '../../shared/setup-guide/versions';
import type { CloudProvider, OnpremPlatform, PrivateCategory } from '../routes/selection';
import { categoryCards, type DeploymentType } from './catalog';
import { CloudPanel } from './CloudPanel';
import { HybridPanel } from './HybridPanel';
import { LocalPanel } from './LocalPanel';
import { OnPremPanel } from './OnPremPanel';
import { useSetupConfig } from './use-setup-config';
import { inPlace } from './Tabs';
import './setup-guide.css';

export interface GuideSelection {
  category?: PrivateCategory;
  provider?: CloudProvider;
  platform?: OnpremPlatform;
}

interface Props {
  variant: GuideVariant;
  selection: GuideSelection;
  onSelect(next: GuideSelection): void;
  /** each guide's own address (/docs): categories and tabs are links a reader without scripts can follow */
  hrefOf?: (s: GuideSelection) => string;
}

/** The first tab when the address names none. */
const defaultProvider: CloudProvider = 'aws';
const defaultPlatform: OnpremPlatform = 'docker';

/** The four category cards and the selected category's guide; shared by /docs and /private-deployments. */
export function SetupGuide({ variant, selection, onSelect, hrefOf }: Props) {
  const state = useSetupConfig(variant);
  // Spec 2.10: the deployment type defaults to vm; it is not part of the address.
  const [deploymentType, setDeploymentType] = useState<DeploymentType>('vm');
  const { category } = selection;
  const provider = selection.provider ?? defaultProvider;
  const platform = selection.platform ?? defaultPlatform;
  const card = categoryCards.find((c) => c.id === category);

  return (
    <div className="sg" data-testid="setup-guide">
      <div className="sg-cards" role="group" aria-label="Deployment category">
        {categoryCards.map((c) => {
          const body = (
            <>
              <strong>{c.title}</strong>
              <span className="muted">{c.summary}</span>
            </>
          );
          const className = `choice-card sg-card${c.id === category ? ' selected' : ''}`;
          return hrefOf ? (
            <a
              key={c.id}
              href={hrefOf({ category: c.id })}
              className={className}
              aria-current={c.id === category ? 'page' : undefined}
              data-testid={`category-${c.id}`}
              onClick={inPlace(() => onSelect({ category: c.id }))}
            >
              {body}
            </a>
          ) : (
            <button key={c.id} type="button" className={className} aria-pressed={c.id === category} data-testid={`category-${c.id}`} onClick={() => onSelect({ category: c.id })}>
              {body}
            </button>
          );
        })}
      </div>

      {!card && <p className="muted sg-pick">Pick where you want to run it to see the steps and generate your configuration.</p>}
      {card && (
        <section id={card.anchor} className="sg-section" aria-labelledby={`${card.anchor}-title`} data-testid={`section-${card.id}`}>
          <h2 id={`${card.anchor}-title`}>{card.title}</h2>
          {card.id === 'local' && <LocalPanel />}
          {card.id === 'cloud' && (
            <CloudPanel
              variant={variant}
              provider={provider}
              onProvider={(p) => onSelect({ category: 'cloud', provider: p })}
              providerHref={hrefOf && ((p) => hrefOf({ category: 'cloud', provider: p }))}
              deploymentType={deploymentType}
              onDeploymentType={setDeploymentType}
              state={state}
            />
          )}
          {card.id === 'onprem' && (
            <OnPremPanel
              variant={variant}
              platform={platform}
              onPlatform={(p) => onSelect({ category: 'onprem', platform: p })}
              platformHref={hrefOf && ((p) => hrefOf({ category: 'onprem', platform: p }))}
              state={state}
            />
          )}
          {card.id === 'hybrid' && <HybridPanel />}
        </section>
      )}
    </div>
  );
}
