import { useState } from 'react';
import { useBrand } from '../../../app/use-brand';
import { type ArchitectureChoice, architectureLayers, defaultArchitecture, explain } from './architecture';

/** Dropdowns for source control, authentication, deployment and storage; the explanation below follows them. */
export function ArchitectureExplorer() {
  const brand = useBrand();
  const [choice, setChoice] = useState<ArchitectureChoice>(defaultArchitecture);
  const paragraphs = explain(choice, brand.name);

  return (
    <div className="res-explorer" data-testid="architecture-explorer">
      <h3>Architecture explorer</h3>
      <p className="muted">Pick what you run today and see how {brand.name} fits in.</p>
      <div className="res-explorer-controls">
        {architectureLayers.map((layer) => (
          <label key={layer.key} className="field">
            {layer.label}
            <select value={choice[layer.key]} onChange={(e) => setChoice((c) => ({ ...c, [layer.key]: e.target.value }))}>
              {layer.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      <dl className="res-explanation" data-testid="architecture-explanation" aria-live="polite">
        {paragraphs.map((p) => (
          <div key={p.layer}>
            <dt>
              {p.layer}: {p.option}
            </dt>
            <dd>{p.text}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
