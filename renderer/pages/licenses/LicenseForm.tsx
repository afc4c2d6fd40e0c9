import { type FormEvent, useRef, useState } from 'react';
import type { License } from '../../../shared/api/licenses';
import type { LicenseType } from '../../../shared/licenses/vocabulary';
import { trialLimits } from '../../../shared/licenses/pricing';
import { toast } from '../../shell/toast-store';
import { cardOf } from './catalog';
import { EnterpriseFields } from './EnterpriseFields';
import { type Agreement, type EnterpriseDraft, clampGpus, clampUsers, confirmationsMade, createBody, type FormProblem, noAgreement, validationAlert } from './form-rules';
import type { QuotePrefill } from './prefill';
import { PlanSummary, PriceSummary } from './PriceSummary';
import { useCreateLicense } from '../../queries/licenses';
import { TermsBox } from './TermsBox';

interface Props {
  type: LicenseType;
  organization: string;
  onOrganization: (name: string) => void;
  enterprise: EnterpriseDraft;
  onEnterprise: (draft: EnterpriseDraft) => void;
  /** set when the page was opened from the pricing page's get-quote link */
  quote: QuotePrefill | undefined;
  onCreated: (license: License) => void;
  onCancel: () => void;
  /** in a team: the licence carries the team's name (the server sets it so), shown and not editable */
  teamName?: string;
}

const hint: Record<LicenseType, string> = {
  community: 'Confirm both statements to continue.',
  trial: 'Accept the terms and conditions to continue.',
  enterprise: 'Accept the terms and conditions to continue.',
};

const problemId = 'license-form-problem';

/** Why Create did nothing, beside the field it is about (the field's description while it lasts). */
function ProblemNote({ problem }: { problem: FormProblem }) {
  return (
    <p id={problemId} className="form-error" role="alert" data-testid="license-form-problem">
      {problem.message}
    </p>
  );
}

/**
 * The form of the selected card. The page mounts one per type (keyed by it), so choosing another
 * card starts from an empty agreement; the organization name and enterprise sizing live in the page.
 */
export function LicenseForm({ type, organization: typed, onOrganization, enterprise, onEnterprise, quote, onCreated, onCancel, teamName }: Props) {
  const organization = teamName ?? typed;
  const [agreement, setAgreement] = useState<Agreement>(noAgreement);
  const [problem, setProblem] = useState<FormProblem | undefined>(undefined);
  const organizationInput = useRef<HTMLInputElement>(null);
  const termsCheckbox = useRef<HTMLInputElement>(null);
  const create = useCreateLicense();
  const card = cardOf(type);
  const ready = confirmationsMade(type, agreement);
  const agree = (patch: Partial<Agreement>) => setAgreement((a) => ({ ...a, ...patch }));
  /** a change to the field a problem is about settles it (Create checks again anyway) */
  const settled = (field: FormProblem['field']) => setProblem((p) => (p?.field === field ? undefined : p));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (create.isPending) return;
    const found = validationAlert(type, organization, agreement);
    setProblem(found);
    if (found) {
      // The alert is beside the field it is about (role=alert reads it out); the field takes the focus.
      (found.field === 'organization' ? organizationInput : termsCheckbox).current?.focus();
      return;
    }
    create.mutate(createBody(type, organization, enterprise), {
      onSuccess: (license) => onCreated(license),
      onError: (err) => toast({ kind: 'error', title: 'Could not create the license', message: err.message }),
    });
  };

  return (
    <form className={`card lic-form lic-form-${type}`} data-testid="license-form" data-license-type={type} onSubmit={submit} noValidate aria-labelledby="license-form-title">
      <header className="lic-form-head">
        <h2 id="license-form-title">New {card.shortName} license</h2>
        <button type="button" className="btn btn-small" onClick={onCancel}>
          Cancel
        </button>
      </header>

      <div className="lic-form-body">
        <div className="lic-form-main">
          <label className="field lic-field-wide">
            <span>Organization name</span>
            <input
              ref={organizationInput}
              type="text"
              value={organization}
              maxLength={200}
              autoComplete="organization"
              placeholder="e.g. Acme Research Ltd"
              onChange={(e) => {
                onOrganization(e.target.value);
                settled('organization');
              }}
              readOnly={teamName !== undefined}
              aria-describedby={[teamName !== undefined && 'license-organization-team', problem?.field === 'organization' && problemId].filter(Boolean).join(' ') || undefined}
              aria-invalid={problem?.field === 'organization' || undefined}
              data-testid="license-organization"
            />
            {teamName !== undefined && <small id="license-organization-team">A team’s licenses carry the team’s name.</small>}
          </label>
          {problem?.field === 'organization' && <ProblemNote problem={problem} />}

          {type === 'enterprise' && quote && (
            <p className="lic-quote-note" data-testid="quote-note">
              Prefilled from your pricing quote.
              {quote.hostedGpus > 0 && ` Your quote also included ${quote.hostedGpus} hosted GPU${quote.hostedGpus === 1 ? '' : 's'}; hosted GPU capacity is arranged separately from this license.`}
            </p>
          )}

          {type === 'community' && (
            <fieldset className="lic-fieldset">
              <legend>Eligibility</legend>
              <label className="lic-check">
                <input type="checkbox" checked={agreement.underRevenue} onChange={(e) => agree({ underRevenue: e.target.checked })} />
                <span>My organization has under $10M in annual revenue</span>
              </label>
              <label className="lic-check">
                <input type="checkbox" checked={agreement.underEmployees} onChange={(e) => agree({ underEmployees: e.target.checked })} />
                <span>My organization has under 250 employees</span>
              </label>
            </fieldset>
          )}

          {type === 'enterprise' && <EnterpriseFields draft={enterprise} onChange={onEnterprise} />}

          {type !== 'community' && (
            <TermsBox
              accepted={agreement.terms}
              onAccept={(terms) => {
                agree({ terms });
                settled('terms');
              }}
              checkboxRef={termsCheckbox}
              problemId={problem?.field === 'terms' ? problemId : undefined}
            />
          )}
          {problem?.field === 'terms' && <ProblemNote problem={problem} />}
        </div>

        {type === 'enterprise' && <PriceSummary users={clampUsers(enterprise.users)} gpus={clampGpus(enterprise.gpus)} support={enterprise.support} />}
        {type === 'trial' && (
          <PlanSummary
            rows={[
              ['Users', String(trialLimits.users)],
              ['GPUs', String(trialLimits.gpus)],
              ['Valid for', `${trialLimits.days} days`],
              ['Price', 'Free'],
            ]}
            note="One active trial per account. Upgrade to Enterprise Pro at any time."
          />
        )}
        {type === 'community' && (
          <PlanSummary
            rows={[
              ['Users', 'No limit'],
              ['GPUs', 'No limit'],
              ['Valid for', '1 year, renewable'],
              ['Price', 'Free'],
            ]}
            note="Free for organisations under $10M revenue and under 250 employees."
          />
        )}
      </div>

      <footer className="lic-form-foot">
        <button type="submit" className="btn btn-primary" disabled={!ready || create.isPending}>
          {create.isPending ? 'Creating...' : 'Create License'}
        </button>
        {!ready && <span className="muted">{hint[type]}</span>}
        {type === 'enterprise' && ready && <span className="muted">Your license is activated once payment is received.</span>}
      </footer>
    </form>
  );
}
