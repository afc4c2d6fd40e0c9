import { Link } from 'react-router-dom';
import { linkTo } from '../../../routes/links';
import { Icon } from '../../../shell/icons';
import { InstallCommand } from './InstallCommand';

const clouds: [id: string, name: string][] = [
  ['aws', 'Amazon Web Services'],
  ['gcp', 'Google Cloud'],
  ['azure', 'Microsoft Azure'],
  ['oci', 'Oracle Cloud (OCI)'],
];

// gke is accepted in addresses (spec 5) but the page lists the four platforms of 2.7.
const platforms: [id: string, name: string][] = [
  ['docker', 'Docker'],
  ['kubernetes', 'Kubernetes'],
  ['rancher', 'Rancher'],
  ['vmware', 'VMware vSphere'],
];

function Choices({ label, items, link }: { label: string; items: [string, string][]; link: (id: string) => string }) {
  return (
    <ul className="dep-choices" aria-label={label}>
      {items.map(([id, name]) => (
        <li key={id}>
          <Link to={link(id)} className="dep-choice">
            {name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Private group of public-site 2.7: local, cloud and on-premises, each into the setup guide. */
export function PrivateGroup() {
  return (
    <section className="dep-group" aria-labelledby="dep-private-title">
      <h2 id="dep-private-title">Private: run it on your infrastructure</h2>
      <p className="dep-group-lead">Self-host the whole platform where your data already lives. Each option opens a setup guide that generates the configuration for you.</p>
      <div className="dep-cards dep-cards-one">
        <article className="dep-card" data-testid="private-local">
          <div className="dep-card-head">
            <Icon name="server" size={22} />
            <h3>Local machine</h3>
          </div>
          <p className="dep-summary">Try the platform on a laptop or workstation with one command. Add a GPU for private models, or go CPU-only with an external LLM provider.</p>
          <InstallCommand />
          <Link to={linkTo('private-deployments', { category: 'local' })} className="btn dep-action">
            Local setup guide
          </Link>
        </article>
      </div>
      <div className="dep-cards dep-cards-two">
        <article className="dep-card" data-testid="private-cloud">
          <div className="dep-card-head">
            <Icon name="cloud" size={22} />
            <h3>Your cloud</h3>
          </div>
          <p className="dep-summary">Deploy into your own cloud account on a VM or a managed Kubernetes cluster, in the region you choose.</p>
          <Choices label="Cloud providers" items={clouds} link={(provider) => linkTo('private-deployments', { category: 'cloud', provider })} />
          <Link to={linkTo('private-deployments', { category: 'cloud' })} className="btn dep-action">
            Cloud setup guide
          </Link>
        </article>
        <article className="dep-card" data-testid="private-onprem">
          <div className="dep-card-head">
            <Icon name="shield" size={22} />
            <h3>On-premises</h3>
          </div>
          <p className="dep-summary">Run in your own data centre, including networks with no inbound access from outside.</p>
          <Choices label="On-premises platforms" items={platforms} link={(platform) => linkTo('private-deployments', { category: 'onprem', platform })} />
          <Link to={linkTo('private-deployments', { category: 'onprem' })} className="btn dep-action">
            On-premises setup guide
          </Link>
        </article>
      </div>
    </section>
  );
}
