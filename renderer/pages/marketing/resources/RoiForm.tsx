import {
  adoptionSpeedLabels,
  adoptionSpeeds,
  efficiencyOptions,
  industries,
  industryLabels,
  readRoiInputs,
  type RoiNumberField,
  roiNumberFields,
  roiSelectIds,
} from '../../../../shared/marketing/roi-inputs';
import { OptionSelect } from '../../../shell/OptionSelect';

interface Props {
  raw: Record<string, string>;
  onChange: (id: string, value: string) => void;
}

function Select({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string | undefined;
  options: [value: string, label: string][];
  onChange: (id: string, value: string) => void;
}) {
  return (
    <label className="field" htmlFor={id}>
      {label}
      <OptionSelect id={id} value={value} options={options} onChange={(v) => onChange(id, v)} />
    </label>
  );
}

/** The ROI inputs with the ids, ranges and defaults of public-site section 3, in the spec's order. */
export function RoiForm({ raw, onChange }: Props) {
  // Leaving a field shows the value the calculation uses: the default for blank text, the bound for an out-of-range number.
  const settle = (f: RoiNumberField) => onChange(f.id, String(readRoiInputs(raw)[f.key]));

  const numberField = (f: RoiNumberField) =>
    f.key === 'efficiency' ? (
      <Select key={f.id} id={f.id} label={f.label} value={raw[f.id]} options={efficiencyOptions.map((o) => [String(o), `${o}x`])} onChange={onChange} />
    ) : (
      <label key={f.id} className={`field${f.range ? ' roi-range' : ''}`} htmlFor={f.id}>
        <span className="roi-label">
          {f.label}
          {f.range && <output htmlFor={f.id}>{raw[f.id]}</output>}
        </span>
        <input id={f.id} type={f.range ? 'range' : 'number'} min={f.min} max={f.max} step={f.step} value={raw[f.id]} onChange={(e) => onChange(f.id, e.target.value)} onBlur={() => settle(f)} />
      </label>
    );

  const beforeAdoption = roiNumberFields.filter((f) => f.key !== 'maxAdoption');
  const maxAdoption = roiNumberFields.filter((f) => f.key === 'maxAdoption');

  return (
    <form className="roi-form" onSubmit={(e) => e.preventDefault()} noValidate data-testid="roi-form">
      <Select id={roiSelectIds.industry} label="Industry" value={raw[roiSelectIds.industry]} options={industries.map((i) => [i, industryLabels[i]])} onChange={onChange} />
      {beforeAdoption.map(numberField)}
      <Select id={roiSelectIds.adoptionSpeed} label="Adoption speed" value={raw[roiSelectIds.adoptionSpeed]} options={adoptionSpeeds.map((s) => [s, adoptionSpeedLabels[s]])} onChange={onChange} />
      {maxAdoption.map(numberField)}
    </form>
  );
}
