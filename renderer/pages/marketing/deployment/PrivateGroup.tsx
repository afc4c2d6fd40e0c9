import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { linkTo } from '../../../routes/links';
import { Icon, type IconName } from '../../../shell/icons';
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

interface CardProps {
  category: 'local' | 'cloud' | 'onprem';
  icon: IconName;
  title: string;
  summary: string;
  /** the label of the link to the category's setup guide */
  guide: string;
  children: ReactNode;
}

/** One way to self-host: what it is, its choices, and a link to its setup guide. */
function PrivateCard({ category, icon, title, summary, guide, children }: CardProps) {
  return (
    <article className="dep-card" data-testid={`private-${category}`}>
      <div className="dep-card-head">
        <Icon name={icon} size={22} />
        <h3>{title}</h3>
      </div>
      <p className="dep-summary">{summary}</p>
      {children}
      <Link to={linkTo('private-deployments', { category })} className="btn dep-action">
        {guide}
      </Link>
    </article>
  );
}

/** Private group of public-site 2.7: local, cloud and on-premises, each into the setup guide. */
export function PrivateGroup() {
  return (
    <section className="dep-group" aria-labelledby="dep-private-title">
      <h2 id="dep-private-title">Private: run it on your infrastructure</h2>
      <p className="dep-group-lead">Self-host the whole platform where your data already lives. Each option opens a setup guide that generates the configuration for you.</p>
      <div className="dep-cards dep-cards-one">
        <PrivateCard
          category="local"
          icon="server"
          title="Local machine"
          summary="Try the platform on a laptop or workstation with one command. Add a GPU for private models, or go CPU-only with an external LLM provider."
          guide="Local setup guide"
        >
          <InstallCommand />
        </PrivateCard>
      </div>
      <div className="dep-cards dep-cards-two">
        <PrivateCard
          category="cloud"
          icon="cloud"
          title="Your cloud"
          summary="Deploy into your own cloud account on a VM or a managed Kubernetes cluster, in the region you choose."
          guide="Cloud setup guide"
        >
          <Choices label="Cloud providers" items={clouds} link={(provider) => linkTo('private-deployments', { category: 'cloud', provider })} />
        </PrivateCard>
        <PrivateCard category="onprem" icon="shield" title="On-premises" summary="Run in your own data centre, including networks with no inbound access from outside." guide="On-premises setup guide">
          <Choices label="On-premises platforms" items={platforms} link={(platform) => linkTo('private-deployments', { category: 'onprem', platform })} />
        </PrivateCard>
      </div>
    </section>
  );
}
