import { Link } from 'react-router-dom';
import { linkTo } from '../../../routes/links';
import { Icon } from '../../../shell/icons';

/** The licence management block of public-site 2.7, leading to /licenses. */
export function LicenseBlock() {
  return (
    <section className="cta-box dep-license" aria-labelledby="dep-license-title">
      <div>
        <h2 id="dep-license-title">
          <Icon name="key" size={20} /> License management
        </h2>
        <p>
          Private deployments run with a license key. The community edition is free for organisations under $10M revenue and under 250 employees; enterprise licenses start at 10 users. Create, copy
          and renew your keys in the Launchpad.
        </p>
      </div>
      <Link to={linkTo('licenses')} className="btn btn-primary">
        Manage Licenses
      </Link>
    </section>
  );
}
