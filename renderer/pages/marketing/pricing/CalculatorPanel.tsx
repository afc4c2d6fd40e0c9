import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { exampleForm, formatUsd, minUsers, priceLicense, publicPrices, quoteLink, supportOptions, usersNote } from '../../../../shared/marketing/license-calculator';
import { CopyButton } from '../../../shell/CopyButton';
import { Icon } from '../../../shell/icons';
import { NumberField } from '../../../shell/NumberField';
import { useBrand } from '../../../app/use-brand';
import { type CalculatorDraft, defaultDraft, formOf, type GpuField, isNegative, negativeGpusNote, quoteSummary, settle } from './calculator-draft';
import { PriceTable } from './PriceTable';

/** The users as typed (a blank or unreadable entry is read as the minimum, and says so). */
function readTyped(text: string): number {
  const n = Number(text);
  return text.trim() === '' || !Number.isFinite(n) ? 0 : n;
}

/**
 * The licence calculator panel (public-site 2.6, 3, 4): the form, a live pricing table, Reset to
 * defaults and the get-quote link. The get-quote button stays disabled, with a note saying why,
 * until an organization name is typed (the name is required, section 5), so the Licenses form is
 * never opened half-filled.
 */
export function CalculatorPanel({ onClose }: { onClose: () => void }) {
  const brand = useBrand();
  const [draft, setDraft] = useState<CalculatorDraft>(defaultDraft);
  // The GPU fields last typed negative: their note stays after the text settles to 0, until they are typed in again.
  const [negative, setNegative] = useState<Partial<Record<GpuField, boolean>>>({});
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
  const missingOrg = draft.orgName.trim() === '';
  // How the typed number was read, when it is not what is priced: rounded up to a pack, or raised to the minimum.
  const usersHint = usersNote(readTyped(draft.numUsers)) ?? `Minimum ${minUsers}, in packs of ${publicPrices().userPackSize}.`;
  const example = priceLicense(exampleForm);
  /** A number input's name, value and handlers: typed as text, settled into range when it loses focus. */
  const draftNumber = (name: 'numUsers' | 'numGpus' | 'hostedGpus') => ({
    name,
    value: draft[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      set({ [name]: e.target.value });
      if (name !== 'numUsers') setNegative((n) => ({ ...n, [name]: isNegative(e.target.value) }));
    },
    onBlur: () => setDraft(settle),
  });
  /** A GPU field's hint, or why its negative count became 0. */
  const gpuHint = (name: GpuField, hint: string) => (negative[name] ? { hint: negativeGpusNote, hintClassName: 'prc-field-note' } : { hint });
  const reset = () => {
    setDraft(defaultDraft);
    setNegative({});
  };

  return (
    <section ref={panelRef} className="prc-calculator" id="pricing-calculator" aria-labelledby={`${ids}-title`} data-testid="pricing-calculator">
      <div className="spread prc-calculator-head">
        <h2 id={`${ids}-title`}>Enterprise license calculator</h2>
        <button type="button" className="icon-button prc-close" aria-label="Close calculator" onClick={onClose}>
          <Icon name="close" size={20} />
        </button>
      </div>
      <div className="prc-calculator-body">
        <form className="prc-form" onSubmit={(e) => e.preventDefault()} noValidate>
          {/* On a phone the table is below the form: this copy of its total stays in view while the form is edited (the table announces changes). */}
          <p className="prc-live-total" aria-hidden="true" data-testid="pricing-live-total">
            <span>Total per year</span>
            <strong>{formatUsd(price.total)}</strong>
          </p>
          <label className="field">
            Organization name
            <input ref={orgRef} name="orgName" value={draft.orgName} required autoComplete="organization" onChange={(e) => set({ orgName: e.target.value })} />
          </label>
          <NumberField id={`${ids}-users`} label="Number of users" hint={usersHint} min={minUsers} step={10} required {...draftNumber('numUsers')} />
          <NumberField
            id={`${ids}-gpus`}
            label="Managed GPUs"
            {...gpuHint('numGpus', `GPUs you run, licensed at ${formatUsd(publicPrices().managedGpuAnnual)} each per year.`)}
            min={0}
            step={1}
            required
            {...draftNumber('numGpus')}
          />
          <NumberField
            id={`${ids}-hosted`}
            label="Hosted GPUs"
            {...gpuHint('hostedGpus', `GPUs we host for you, ${formatUsd(publicPrices().hostedGpuAnnual)} each per year.`)}
            min={0}
            step={1}
            {...draftNumber('hostedGpus')}
          />
          <fieldset className="prc-support">
            <legend>Support level</legend>
            {supportOptions.map((o) => (
              <label key={o.level} className="prc-radio">
                <input type="radio" name="supportLevel" value={o.level} checked={draft.supportLevel === o.level} onChange={() => set({ supportLevel: o.level })} />
                <span>{o.label}</span>
                <span className="muted">{o.level === 'none' ? 'Included docs and community' : `${formatUsd(publicPrices().supportAnnual[o.level])}/year`}</span>
              </label>
            ))}
          </fieldset>
        </form>

        <div className="prc-result">
          <PriceTable price={price} />
          <p className="muted" data-testid="pricing-example">
            The {formatUsd(example.total)} example includes Premium support: {exampleForm.numUsers} users and {exampleForm.numGpus} managed GPUs with Premium support ({formatUsd(example.supportCost)}{' '}
            a year).
          </p>
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
            <button type="button" className="btn" onClick={reset}>
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
