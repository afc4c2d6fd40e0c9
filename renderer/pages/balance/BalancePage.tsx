import type { PageProps } from '../../routes/pages';
import { headingOf } from '../../routes/table';
import { ErrorBoundary } from '../../shell/ErrorBoundary';
import { BillingDetailsCard } from '../../shell/billing-documents/BillingDetailsCard';
import { DocumentsCard } from '../../shell/billing-documents/DocumentsCard';
import { PageTitle, PlaceholderPage } from '../../shell/Page';
import { BalanceCard } from './BalanceCard';
import './balance.css';
import { CheckoutNotice } from './CheckoutNotice';
import { DailySpendCard } from './DailySpendCard';
import { SpendByDeploymentCard } from './SpendByDeploymentCard';
import { SpendLimitCard } from './SpendLimitCard';
import { checkoutOutcome } from './format';
import { TransactionsCard } from './TransactionsCard';
import { useAccountStore } from '../../auth/account-store';
import { MoveCreditCard } from '../../shell/move-credit/MoveCreditCard';

/** Balance & Billing: the prepaid balance, Add Funds, runtime left, daily spend and the transaction history. */
export default function BalancePage({ route }: PageProps) {
  // free credit is a person's, once: a team gets none, so its balance page promises none
  const teamId = useAccountStore((st) => st.teamId);
  const inTeam = teamId !== undefined;
  if (route.view === 'public') {
    return (
      <PlaceholderPage name="balance" route={route} description="Your prepaid on-demand balance for trial VMs and GPU instances, and a way to add funds." signInAction="see and top up your balance" />
    );
  }
  const outcome = checkoutOutcome(route.query.checkout);
  return (
    <section className="page balance-page">
      <PageTitle>{headingOf('balance')}</PageTitle>
      <p className="page-lead">
        Your prepaid on-demand balance pays for trial VMs and GPU instances by the hour.
        {inTeam ? ' A team starts at $0.00: add funds to run its deployments.' : ' New accounts start with $4 of free credit.'}
      </p>
      <CheckoutNotice outcome={outcome} />
      <div className="balance-grid">
        <ErrorBoundary label="the balance">
          <BalanceCard justPaid={outcome === 'success'} />
        </ErrorBoundary>
        <ErrorBoundary label="the spend chart">
          <DailySpendCard />
        </ErrorBoundary>
      </div>
      <ErrorBoundary label="moving credit">
        <MoveCreditCard from={teamId} inTabAccount />
      </ErrorBoundary>
      <div className="balance-grid is-cost-control">
        <ErrorBoundary label="the spend limit">
          <SpendLimitCard />
        </ErrorBoundary>
        <ErrorBoundary label="the spend by deployment">
          <SpendByDeploymentCard />
        </ErrorBoundary>
      </div>
      <ErrorBoundary label="the transaction history">
        <TransactionsCard />
      </ErrorBoundary>
      <ErrorBoundary label="the billing documents">
        <DocumentsCard highlight={route.query.document} />
      </ErrorBoundary>
      <ErrorBoundary label="the billing details">
        <BillingDetailsCard />
      </ErrorBoundary>
    </section>
  );
}
