import { useId } from 'react';
import { testTypeFilters } from '../../../shared/api/test-runs';

export function TestTypeFilter({ value, onChange }: { value: string; onChange: (testType: string) => void }) {
  const id = useId();
  return (
    <div className="field test-type-filter">
      <label htmlFor={id}>Test Type</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} data-testid="test-type-filter">
        {testTypeFilters.map((f) => (
          <option key={f.value} value={f.value}>
            {f.label}
          </option>
        ))}
      </select>
    </div>
  );
}
