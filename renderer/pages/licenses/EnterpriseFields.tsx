import { type ChangeEvent, useId } from 'react';
import { supportLevels } from '../../../shared/licenses/vocabulary';
import { licensePrices, minEnterpriseUsers } from '../../../shared/licenses/pricing';
import { type EnterpriseDraft, clampGpus, clampUsers, maxGpus, maxUsers } from './form-rules';
import { formatDollars, supportLabel } from '../../shell/licenses/format';
import { NumberField } from '../../shell/NumberField';

interface Props {
  draft: EnterpriseDraft;
  onChange: (draft: EnterpriseDraft) => void;
}

/** Users (10 or more) and GPUs (0 or more), clamped when the field is left, and the support level. */
export function EnterpriseFields({ draft, onChange }: Props) {
  const id = useId();
  /** A count typed as text and clamped into range when the field is left. */
  const count = (key: 'users' | 'gpus', clamp: (text: string) => number) => ({
    id: `${id}-${key}`,
    inputMode: 'numeric' as const,
    step: 1,
    value: draft[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => onChange({ ...draft, [key]: e.target.value }),
    onBlur: () => onChange({ ...draft, [key]: String(clamp(draft[key])) }),
    'data-testid': `license-${key}`,
  });
  return (
    <>
      <div className="lic-row-fields">
        <NumberField
          label="Users"
          hint={`Minimum ${minEnterpriseUsers}; sold in packs of ${licensePrices.userPackSize}`}
          hintClassName="muted"
          min={minEnterpriseUsers}
          max={maxUsers}
          {...count('users', clampUsers)}
        />
        <NumberField label="GPUs" hint={`${formatDollars(licensePrices.gpuAnnualCents)} a year each`} hintClassName="muted" min={0} max={maxGpus} {...count('gpus', clampGpus)} />
      </div>
      <fieldset className="lic-fieldset">
        <legend>Support</legend>
        <div className="lic-support">
          {supportLevels.map((level) => (
            <label key={level} className={`inset lic-support-option${draft.support === level ? ' selected' : ''}`}>
              <input type="radio" name="support_level" value={level} checked={draft.support === level} onChange={() => onChange({ ...draft, support: level })} />
              <span className="lic-support-name">{supportLabel(level)}</span>
              <span className="muted">{level === 'none' ? 'Included' : `${formatDollars(licensePrices.supportAnnualCents[level])} a year`}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}
