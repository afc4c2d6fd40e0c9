import type { DeploymentTypeWire } from '../../../shared/api/deployments';
import { platform } from '../../platform/index';
import { priceLine } from '../../shell/deployments/format';
import { claimsIn } from './type-claims';

interface Props {
  types: DeploymentTypeWire[];
  selected: string | undefined;
  /** undefined: read-only cards (signed-out view) */
  onSelect?: (type: DeploymentTypeWire) => void;
  /** the tab acts in a team: no free credit to promise */
  inTeam?: boolean;
}

function CardAction({ type, selected, onSelect }: { type: DeploymentTypeWire; selected: boolean; onSelect?: Props['onSelect'] }) {
  if (!type.creatable) {
    // The hosted cloud is not created here: its button only opens the hosted app in a new tab.
    const url = type.hostedAppUrl;
    return (
      <button type="button" className="btn btn-primary" disabled={!url} onClick={() => url && platform.openExternal(url)}>
        Open {type.name}
        <span aria-hidden="true">↗</span>
      </button>
    );
  }
  if (!onSelect) return null;
  return (
    <button type="button" className={`btn${selected ? ' btn-primary' : ''}`} aria-pressed={selected} onClick={() => onSelect(type)}>
      {selected ? 'Selected' : type.gpu ? 'Deploy GPU Instance' : `Start ${type.name}`}
    </button>
  );
}

/** The type chooser: hosted cloud, trial VM and GPU instance with their prices and claims. */
export function TypeCards({ types, selected, onSelect, inTeam = false }: Props) {
  return (
    <div className="type-cards" role="list">
      {types.map((type) => {
        const isSelected = type.slug === selected;
        return (
          // A div: an <article> may not take the listitem role.
          <div
            key={type.id}
            role="listitem"
            className={`choice-card type-card${isSelected ? ' selected' : ''}${type.gpu ? ' gpu' : ''}`}
            data-testid={`type-card-${type.slug}`}
            aria-current={isSelected ? 'true' : undefined}
          >
            <header className="type-card-head">
              <h3>{type.name}</h3>
              {type.gpu && <span className="pill pill-gpu">GPU</span>}
              {!type.creatable && <span className="pill">Managed</span>}
            </header>
            <p className="type-price">{priceLine(type)}</p>
            <ul className="stack-list type-features">
              {claimsIn(type.features, inTeam).map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
            <footer className="type-card-foot">
              {type.poweredBy && <span className="powered-by muted">Powered by {type.poweredBy}</span>}
              <CardAction type={type} selected={isSelected} onSelect={onSelect} />
            </footer>
          </div>
        );
      })}
    </div>
  );
}
