import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { licensesContract, type License } from '../../../shared/api/licenses';
import { RoleRefusal } from '../../shell/account/RoleRefusal';
import { useAccountKnown, useCurrentTeam, useRoleRefusal } from '../../shell/account/use-role';
import type { LicenseType } from '../../../shared/licenses/vocabulary';
import { linkTo } from '../../routes/links';
import type { PageProps } from '../../routes/pages';
import { headingOf } from '../../routes/table';
import { ErrorBoundary } from '../../shell/ErrorBoundary';
import { DocumentsCard } from '../../shell/billing-documents/DocumentsCard';
import { PageTitle } from '../../shell/Page';
import { SignInPrompt } from '../../shell/SignInPrompt';
import { toast } from '../../shell/toast-store';
import { checkoutReturn, pollAfterCheckout } from './checkout-return';
import { CheckoutNotice } from './CheckoutNotice';
import { cardOf } from './catalog';
import { paymentMethodsText, useBankOffered } from './payment-methods';
import { defaultEnterprise, type EnterpriseDraft } from './form-rules';
import { LicenseCards } from './LicenseCards';
import { LicenseForm } from './LicenseForm';
import { LicenseList } from './LicenseList';
import { LinkedLicense } from './LinkedLicense';
import '../../shell/licenses/license-tags.css';
import './licenses.css';
import { PaymentModal } from './PaymentModal';
import { RenewModal } from './RenewModal';
import { FreeRenewModal } from './FreeRenewModal';
import { quotePrefill } from './prefill';
import { useMyLicenses } from '../../queries/licenses';
import { cardClick, cardElementId, needsOwnScroll } from './selection';

const stay = { state: { preserveScroll: true } };

function enterpriseFrom(query: Record<string, string>): EnterpriseDraft {
  const q = quotePrefill(query);
  return q ? { users: String(q.users), gpus: String(q.gpus), support: q.support } : defaultEnterprise;
}

/** Licenses: pick a card, fill its form, create; below, the user's licenses with keys and payment. */
export default function LicensesPage({ route }: PageProps) {
  const paymentMethods = paymentMethodsText(useBankOffered());
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = route.view !== 'public';
  const selected = route.selection.licenseType;
  const checkout = checkoutReturn(route.query);

  // The pricing page's quote link prefills the enterprise form once, when the page opens.
  const [quote] = useState(() => quotePrefill(route.query));
  const [openedAt] = useState(() => Date.now());
  const [organization, setOrganization] = useState(() => quote?.orgName ?? '');
  const [enterprise, setEnterprise] = useState<EnterpriseDraft>(() => enterpriseFrom(route.query));
  const [paying, setPaying] = useState<License | undefined>(undefined);
  const [renewing, setRenewing] = useState<License | undefined>(undefined);
  const [createdId, setCreatedId] = useState<string | undefined>(undefined);

  // a member sees the team's licenses, not the forms that create them
  const refusal = useRoleRefusal(licensesContract.create);
  const team = useCurrentTeam();
  const accountKnown = useAccountKnown();
  // a team tab offers the forms once it knows the team: its name is the organization, its role may refuse
  const mayCreate = signedIn && accountKnown && !refusal;
  const licenses = useMyLicenses(signedIn, (list) => pollAfterCheckout(checkout, list, openedAt, Date.now()));
  // a notice's link names one licence (/licenses/id/<id>): its row is marked, or the page says where it went
  const linkedId = route.params.id;
  const linked = licenses.data?.find((l) => l.id === linkedId);

  // The shell scrolls to a card named by the hash; a ?type= link has none, so scroll here once.
  useEffect(() => {
    if (selected && needsOwnScroll(selected, route.hash)) document.getElementById(cardElementId(selected))?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    // only for the address the page was opened with
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const select = (type: LicenseType) => void navigate(cardClick(selected, type, location.search).to, stay);
  const deselect = () => void navigate(linkTo('licenses'), stay);

  const onCreated = (license: License) => {
    toast({
      kind: 'success',
      title: `${cardOf(license.type).shortName} license created`,
      message: license.payment_status === 'pending' ? `Use Pay Now to pay by ${paymentMethods}; the key is issued once payment is received.` : 'Your license key is ready to copy.',
    });
    setOrganization('');
    setEnterprise(defaultEnterprise);
    setCreatedId(license.id);
    deselect();
  };

  const dismissNotice = () => {
    const query = { ...route.query };
    delete query.checkout;
    void navigate(linkTo('licenses', undefined, { query, hash: route.hash }), stay);
  };

  return (
    <section className="page lic-page">
      <PageTitle>{headingOf('licenses')}</PageTitle>
      <p className="page-lead">License the platform for your own infrastructure: free for small organisations, a free 14-day enterprise trial, or Enterprise Pro.</p>

      {!signedIn && <SignInPrompt action="create and manage licenses" />}
      {signedIn && linkedId && licenses.isSuccess && !linked && <LinkedLicense key={linkedId} id={linkedId} />}
      {signedIn && checkout && <CheckoutNotice result={checkout} confirming={licenses.data?.some((l) => l.payment_status === 'pending') ?? true} onDismiss={dismissNotice} />}

      <ErrorBoundary label="License options">
        {signedIn && <RoleRefusal id="create-license-refusal" text={refusal} />}
        <LicenseCards selected={selected} onSelect={mayCreate ? select : undefined}>
          {mayCreate && selected && (
            <LicenseForm
              key={selected}
              type={selected}
              organization={organization}
              onOrganization={setOrganization}
              enterprise={enterprise}
              onEnterprise={setEnterprise}
              quote={quote}
              onCreated={onCreated}
              onCancel={deselect}
              teamName={team?.name}
            />
          )}
        </LicenseCards>
      </ErrorBoundary>

      {signedIn && (
        <ErrorBoundary label="Your Licenses">
          <LicenseList query={licenses} onPay={setPaying} onRenew={setRenewing} highlightId={createdId ?? linked?.id} />
        </ErrorBoundary>
      )}
      {signedIn && (
        <ErrorBoundary label="License invoices and receipts">
          <DocumentsCard kinds={['licence']} title="License invoices & receipts" highlight={route.query.document} />
        </ErrorBoundary>
      )}

      {paying && <PaymentModal license={paying} onClose={() => setPaying(undefined)} />}
      {renewing?.renewal &&
        (renewing.renewal.amount_cents === 0 ? (
          <FreeRenewModal license={{ ...renewing, renewal: renewing.renewal }} onClose={() => setRenewing(undefined)} />
        ) : (
          <RenewModal license={{ ...renewing, renewal: renewing.renewal }} onClose={() => setRenewing(undefined)} />
        ))}
    </section>
  );
}
