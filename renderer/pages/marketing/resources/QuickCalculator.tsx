import { useState } from 'react';
import { formatCount, formatUsd } from '../../../../shared/marketing/roi-format';
import { quickDefaults, quickRoi, readQuickInputs } from '../../../../shared/marketing/roi-inputs';

/** A back-of-the-envelope figure: 4 hours a week saved per worker over 48 weeks (public-site 9). */
export function QuickCalculator() {
  const [raw, setRaw] = useState({ workers: String(quickDefaults.workers), rate: String(quickDefaults.rate), efficiency: String(quickDefaults.efficiency) });
  const q = quickRoi(readQuickInputs(raw));
  const field = (key: keyof typeof raw, label: string, step: number) => (
    <label className="field">
      {label}
      <input type="number" min={0} step={step} value={raw[key]} onChange={(e) => setRaw((r) => ({ ...r, [key]: e.target.value }))} />
    </label>
  );
  return (
    <div className="res-quick res-no-print" data-testid="quick-calculator">
      <h3>Quick estimate</h3>
      <p className="muted">Four hours a week handed back to each person, over a 48-week year.</p>
      <div className="res-quick-row">
        {field('workers', 'People using agents', 1)}
        {field('rate', 'Hourly rate ($)', 1)}
        {field('efficiency', 'Efficiency multiplier', 0.1)}
      </div>
      <p className="res-quick-result">
        <span data-testid="quick-hours">{formatCount(q.hoursSaved)} hours saved</span> a year, worth <strong data-testid="quick-value">{formatUsd(q.value)}</strong>.
      </p>
    </div>
  );
}
