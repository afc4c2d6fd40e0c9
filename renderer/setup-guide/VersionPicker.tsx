import { useId, useState } from 'react';
import { pickerVersions } from '../../shared/setup-guide/versions';

const customOption = '__custom__';

interface Props {
  versions: string[];
  loading: boolean;
  value: string;
  onChange(value: string): void;
}

/** Spec 2.10: released versions (stable only, or with dev builds) and a manual version input. */
export function VersionPicker({ versions, loading, value, onChange }: Props) {
  const ids = useId();
  const [includeDev, setIncludeDev] = useState(false);
  const [custom, setCustom] = useState(false);
  const listed = pickerVersions(versions, includeDev);
  // A tag chosen earlier (or typed) stays visible even when the current filter would hide it.
  const options = value && !listed.includes(value) ? [value, ...listed] : listed;

  const toggleDev = (on: boolean) => {
    setIncludeDev(on);
    const next = pickerVersions(versions, on);
    if (!on && !custom && !next.includes(value) && next[0]) onChange(next[0]);
  };

  return (
    <div className="sg-version" data-testid="version-picker">
      <div className="field sg-field">
        <label htmlFor={`${ids}-select`}>Version</label>
        <select
          id={`${ids}-select`}
          value={custom ? customOption : value}
          disabled={loading}
          onChange={(e) => {
            if (e.target.value === customOption) return setCustom(true);
            setCustom(false);
            onChange(e.target.value);
          }}
        >
          {loading && <option value={value}>Loading versions…</option>}
          {!loading && options.length === 0 && <option value={value}>{value || 'latest'}</option>}
          {!loading &&
            options.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          <option value={customOption}>Custom version…</option>
        </select>
      </div>
      <label className="sg-check">
        <input type="checkbox" checked={includeDev} onChange={(e) => toggleDev(e.target.checked)} />
        Include dev builds
      </label>
      {custom && (
        <div className="field sg-field">
          <label htmlFor={`${ids}-custom`}>Custom version</label>
          <input id={`${ids}-custom`} value={value} placeholder="e.g. 2.12.2" spellCheck={false} onChange={(e) => onChange(e.target.value.trim())} />
        </div>
      )}
    </div>
  );
}
