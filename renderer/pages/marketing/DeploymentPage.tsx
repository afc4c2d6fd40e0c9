import { headingOf } from '../../routes/table';
import { PageTitle } from '../../shell/Page';
import { DataSovereignty } from './deployment/DataSovereignty';
import { HostedGroup } from './deployment/HostedGroup';
import { LicenseBlock } from './deployment/LicenseBlock';
import { PrivateGroup } from './deployment/PrivateGroup';
import './deployment/deployment.css';

/** /deployment (public-site 2.7): hosted and private options, data sovereignty, licenses. */
export default function DeploymentPage() {
  return (
    <section className="page dep-page">
      <PageTitle>{headingOf('deployment')}</PageTitle>
      <p className="page-lead">Use the hosted platform today, or run the same agents privately on a laptop, in your cloud account or in your own data centre.</p>
      <HostedGroup />
      <PrivateGroup />
      <DataSovereignty />
      <LicenseBlock />
    </section>
  );
}
