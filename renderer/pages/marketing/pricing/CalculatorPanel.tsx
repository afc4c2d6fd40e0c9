import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { billableUsers, formatUsd, minUsers, priceLicense, publicPrices, quoteLink, supportOptions } from '../../../../shared/marketing/license-calculator';
import { CopyButton } from '../../../shell/CopyButton';
import { Icon } from '../../../shell/icons';
import { useBrand } from '../../../app/use-brand';
import { type CalculatorDraft, defaultDraft, formOf, quoteSummary, settle } from './calculator-draft';
import { PriceTable } from './PriceTable';

/**
 * The licence calculator panel (public-site 2.6, 3, 4): the form, a live pricing table, Reset to
 * defaults and the get-quote link. The get-quote button stays disabled, with a note saying why,
 * until an organization name is typed (the name is required, section 5), so the Licenses form is
 * never opened half-filled.
 */
export function CalculatorPanel({ onClose }: { onClose: () => void }) {
  const brand = useBrand();
  const [draft, setDraft] = useState<CalculatorDraft>(defaultDraft);
  const orgRef = useRef<HTMLInputElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const ids = useId();

  useEffect(() => {
    panelRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    orgRef.current?.focus({ preventScroll: true });
  }, []);

  const form = formOf(draft);
  const price = priceLicense(form);
  const set = (patch: Partial<CalculatorDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const roundedUp = billableUsers(form.numUsers) !== form.numUsers;
  const missingOrg = draft.orgName.trim() === '';

  return (
    <section ref={panelRef} className="prc-calculator" id="pricing-calculator" aria-labelledby={`${ids}-title`} data-testid="pricing-calculator">
      <div className="prc-calculator-head">
        <h2 id={`${ids}-title`}>Enterprise license calculator</h2>
        <button type="button" className="prc-close" aria-label="Close calculator" onClick={onClose}>
          <Icon name="close" size={20} />
        </button>
      </div>
      <div className="prc-calculator-body">
        <form className="prc-form" onSubmit={(e) => e.preventDefault()} noValidate>
          <label className="field">
            Organization name
            <input ref={orgRef} name="orgName" value={draft.orgName} required autoComplete="organization" onChange={(e) => set({ orgName: e.target.value })} />
          </label>
          <div className="field">
            <label htmlFor={`${ids}-users`}>Number of users</label>
            <input
              id={`${ids}-users`}
              name="numUsers"
              type="number"
              min={minUsers}
              step={10}
              required
              aria-describedby={`${ids}-users-note`}
              value={draft.numUsers}
              onChange={(e) => set({ numUsers: e.target.value })}
              onBlur={() => setDraft(settle)}
            />
            <small id={`${ids}-users-note`}>{roundedUp ? `Sold in packs of 10: priced as ${price.users} users.` : `Minimum ${minUsers}, in packs of 10.`}</small>
          </div>
          <div className="field">
            <label htmlFor={`${ids}-gpus`}>Managed GPUs</label>
            <input
              id={`${ids}-gpus`}
              name="numGpus"
              type="number"
              min={0}
              step={1}
              required
              aria-describedby={`${ids}-gpus-note`}
              value={draft.numGpus}
              onChange={(e) => set({ numGpus: e.target.value })}
              onBlur={() => setDraft(settle)}
            />
            <small id={`${ids}-gpus-note`}>GPUs you run, licensed at {formatUsd(publicPrices.managedGpuAnnual)} each per year.</small>
          </div>
          <div className="field">
            <label htmlFor={`${ids}-hosted`}>Hosted GPUs</label>
            <input
              id={`${ids}-hosted`}
              name="hostedGpus"
              type="number"
              min={0}
              step={1}
              aria-describedby={`${ids}-hosted-note`}
              value={draft.hostedGpus}
              onChange={(e) => set({ hostedGpus: e.target.value })}
              onBlur={() => setDraft(settle)}
            />
            <small id={`${ids}-hosted-note`}>GPUs we host for you, {formatUsd(publicPrices.hostedGpuAnnual)} each per year.</small>
          </div>
          <fieldset className="prc-support">
            <legend>Support level</legend>
            {supportOptions.map((o) => (
              <label key={o.level} className="prc-radio">
                <input type="radio" name="supportLevel" value={o.level} checked={draft.supportLevel === o.level} onChange={() => set({ supportLevel: o.level })} />
                <span>{o.label}</span>
                <span className="muted">{o.level === 'none' ? 'Included docs and community' : `${formatUsd(publicPrices.supportAnnual[o.level])}/year`}</span>
              </label>
            ))}
          </fieldset>
        </form>

        <div className="prc-result">
          <PriceTable price={price} />
          <div className="prc-actions">
            {missingOrg ? (
              <button type="button" className="btn btn-primary" disabled aria-describedby={`${ids}-org-note`}>
                Get a quote
              </button>
            ) : (
              <Link className="btn btn-primary" to={quoteLink(form)}>
                Get a quote
              </Link>
            )}
            <button type="button" className="btn" onClick={() => setDraft(defaultDraft)}>
              Reset to defaults
            </button>
            <CopyButton text={quoteSummary(brand.name, draft.orgName, price)} label="Copy estimate" what="estimate" variant="success" />
          </div>
          {missingOrg && (
            <p id={`${ids}-org-note`} className="prc-note" data-testid="org-required">
              Organization name is required to request a quote.
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
