import { useId, useState, type FormEvent } from 'react';
import { billingContract, formatCents } from '../../../shared/api/billing';
import { useSaveSpendLimit, useSpendLimit } from '../../queries/billing';
import { useRoleRefusal } from '../../shell/account/use-role';
import { toast } from '../../shell/toast-store';
import { parseLimit, usedPercent } from './spend-limit-form';

/**
 * The account's monthly spend limit (issue 46): this month's spend against it, and a form to set or
 * remove it (owner, admins and billing members; others read it, the form disabled with the reason).
 */
export function SpendLimitCard() {
  const q = useSpendLimit();
  const save = useSaveSpendLimit();
  const refusal = useRoleRefusal(billingContract.saveSpendLimit);
  const id = useId();
  const [input, setInput] = useState('');
  const [invalid, setInvalid] = useState<string>();
  const limit = q.data?.monthly_limit_cents ?? null;
  const spent = q.data?.spent_this_month_cents ?? 0;

  const saved = (what: string) => () => {
    setInput('');
    toast({ kind: 'success', title: what, message: 'New deployments are checked against it from now on.' });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseLimit(input);
    if ('error' in parsed) return setInvalid(parsed.error);
    setInvalid(undefined);
    save.mutate(parsed.cents, { onSuccess: saved('Spend limit saved') });
  };
  const error = invalid ?? (save.isError ? save.error.message : undefined);
  const percent = limit ? usedPercent(spent, limit) : 0;

  return (
    <section className="card spend-limit-card" aria-labelledby={`${id}-title`} data-testid="spend-limit">
      <h2 className="card-caption" id={`${id}-title`}>
        Monthly spend limit
      </h2>
      {q.isError ? (
        <p className="form-error" role="alert">
          Error: {q.error.message}
        </p>
      ) : !q.data ? (
        <p className="muted">Loading…</p>
      ) : limit === null ? (
        <p className="spend-limit-figure" data-testid="spend-limit-status">
          No limit. Spent this month: <strong>{formatCents(spent)}</strong>
        </p>
      ) : (
        <>
          <p className="spend-limit-figure" data-testid="spend-limit-status">
            <strong>{formatCents(spent)}</strong> of <strong>{formatCents(limit)}</strong> spent this month ({percent}%)
          </p>
          <meter
            className={`spend-limit-meter${percent >= 100 ? ' is-full' : percent >= 80 ? ' is-high' : ''}`}
            min={0}
            max={100}
            low={80}
            high={99}
            optimum={0}
            value={percent}
            aria-label="Share of the limit spent"
          />
        </>
      )}
      <p className="muted small">
        A new deployment that would take this month's spend past the limit is refused. You are told at 80% and 100%. Running deployments keep running and are charged as usual.
      </p>
      <form className="spend-limit-form" onSubmit={submit}>
        <label className="field">
          <span>Limit in dollars per month</span>
          <input
            name="spend-limit"
            inputMode="decimal"
            value={input}
            placeholder={limit ? (limit / 100).toFixed(2) : '50'}
            onChange={(e) => setInput(e.target.value)}
            disabled={refusal !== undefined}
          />
        </label>
        <div className="spend-limit-actions">
          <button type="submit" className="btn btn-primary" disabled={save.isPending || refusal !== undefined} title={refusal}>
            {limit === null ? 'Set limit' : 'Change limit'}
          </button>
          {limit !== null && (
            <button type="button" className="btn" disabled={save.isPending || refusal !== undefined} title={refusal} onClick={() => save.mutate(null, { onSuccess: saved('Spend limit removed') })}>
              Remove limit
            </button>
          )}
        </div>
        {refusal && <p className="muted small">{refusal}.</p>}
        {error && (
          <p className="form-error" role="alert">
            Could not save: {error}
          </p>
        )}
      </form>
    </section>
  );
}
