import { useId } from 'react';
import { supportLevels } from '../../../shared/licenses/vocabulary';
import { licensePrices, minEnterpriseUsers } from '../../../shared/licenses/pricing';
import { type EnterpriseDraft, clampGpus, clampUsers, maxGpus, maxUsers } from './form-rules';
import { formatDollars, supportLabel } from '../../shell/licenses/format';

interface Props {
  draft: EnterpriseDraft;
  onChange: (draft: EnterpriseDraft) => void;
}

/** Users (10 or more) and GPUs (0 or more), clamped when the field is left, and the support level. */
export function EnterpriseFields({ draft, onChange }: Props) {
  const id = useId();
  return (
    <>
      <div className="lic-row-fields">
        <div className="field">
          <label htmlFor={`${id}-users`}>Users</label>
          <input
            id={`${id}-users`}
            type="number"
            inputMode="numeric"
            min={minEnterpriseUsers}
            max={maxUsers}
            step={1}
            value={draft.users}
            aria-describedby={`${id}-users-hint`}
            onChange={(e) => onChange({ ...draft, users: e.target.value })}
            onBlur={() => onChange({ ...draft, users: String(clampUsers(draft.users)) })}
            data-testid="license-users"
          />
          <small id={`${id}-users-hint`} className="muted">
            Minimum {minEnterpriseUsers}; sold in packs of {licensePrices.userPackSize}
          </small>
        </div>
        <div className="field">
          <label htmlFor={`${id}-gpus`}>GPUs</label>
          <input
            id={`${id}-gpus`}
            type="number"
            inputMode="numeric"
            min={0}
            max={maxGpus}
            step={1}
            value={draft.gpus}
            aria-describedby={`${id}-gpus-hint`}
            onChange={(e) => onChange({ ...draft, gpus: e.target.value })}
            onBlur={() => onChange({ ...draft, gpus: String(clampGpus(draft.gpus)) })}
            data-testid="license-gpus"
          />
          <small id={`${id}-gpus-hint`} className="muted">
            {formatDollars(licensePrices.gpuAnnualCents)} a year each
          </small>
        </div>
      </div>
      <fieldset className="lic-fieldset">
        <legend>Support</legend>
        <div className="lic-support">
          {supportLevels.map((level) => (
            <label key={level} className={`lic-support-option${draft.support === level ? ' selected' : ''}`}>
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
