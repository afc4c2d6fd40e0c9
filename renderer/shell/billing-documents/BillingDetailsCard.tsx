import { useEffect, useId, useState, type FormEvent } from 'react';
import { billingDetailsBody } from '../../../shared/api/documents';
import { useBillingDetails, useSaveBillingDetails } from '../../queries/documents';
import { toast } from '../toast-store';
import { useMayBill } from './use-may-bill';
import './documents.css';

const blank = { legal_name: '', address: '', country: '', tax_id: '', email: '' };

/** The account's billing details: the name, address and tax id its documents are issued to (owner, admin, billing). */
export function BillingDetailsCard() {
  const mayBill = useMayBill();
  const q = useBillingDetails(mayBill);
  const save = useSaveBillingDetails();
  const id = useId();
  const [form, setForm] = useState(blank);
  const [invalid, setInvalid] = useState<string>();
  const saved = q.data?.details;
  useEffect(() => {
    if (saved) setForm({ legal_name: saved.legal_name, address: saved.address, country: saved.country, tax_id: saved.tax_id ?? '', email: saved.email ?? '' });
  }, [saved]);
  if (!mayBill) return null;

  const set = (k: keyof typeof blank) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = billingDetailsBody.safeParse({ ...form, tax_id: form.tax_id.trim() || null, email: form.email.trim() || null });
    if (!body.success) return setInvalid(body.error.issues[0]?.message ?? 'Invalid billing details');
    setInvalid(undefined);
    save.mutate(body.data, { onSuccess: () => toast({ kind: 'success', title: 'Billing details saved', message: 'Documents issued from now on carry them.' }) });
  };
  const error = invalid ?? (save.isError ? save.error.message : undefined);
  return (
    <section className="card table-card section-card billing-details-card" aria-labelledby={`${id}-title`}>
      <div className="card-head">
        <h2 id={`${id}-title`}>Billing details</h2>
        <span className="muted small">{q.data?.invoicing === false ? 'Documents are not issued on this installation' : 'Printed on your invoices, receipts and credit notes'}</span>
      </div>
      <form className="billing-details-form" onSubmit={submit} data-testid="billing-details-form">
        <label className="field">
          <span>Legal name</span>
          <input name="legal-name" value={form.legal_name} maxLength={200} onChange={set('legal_name')} required />
        </label>
        <label className="field">
          <span>Country (two letters)</span>
          <input name="country" value={form.country} maxLength={2} placeholder="DE" onChange={set('country')} required />
        </label>
        <label className="field field-wide">
          <span>Address</span>
          <textarea name="address" value={form.address} maxLength={500} rows={3} onChange={set('address')} required />
        </label>
        <label className="field">
          <span>Tax ID (e.g. EU VAT number)</span>
          <input name="tax-id" value={form.tax_id} maxLength={40} placeholder="DE123456789" onChange={set('tax_id')} />
        </label>
        <label className="field">
          <span>Billing e-mail</span>
          <input type="email" name="billing-email" value={form.email} maxLength={254} onChange={set('email')} />
        </label>
        <div className="field-wide">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save billing details'}
          </button>
        </div>
        {error && (
          <p className="form-error field-wide" role="alert">
            Could not save: {error}
          </p>
        )}
      </form>
    </section>
  );
}
