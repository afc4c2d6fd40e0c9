import { Link } from 'react-router-dom';
import { cloudTypeSlug } from '../../../../shared/brand';
import { rates } from '../../../../shared/deployments/catalog';
import { linkTo } from '../../../routes/links';
import { Icon, type IconName } from '../../../shell/icons';
import { useBrand } from '../../../app/use-brand';
import { gpuOfferOfPage } from '../../../app/gpu-offer';

interface HostedOption {
  type: string;
  icon: IconName;
  name: string;
  price: string;
  summary: string;
  points: string[];
  action: string;
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)}`;

function hostedOptions(brand: { id: string; name: string }): HostedOption[] {
  return [
    {
      type: cloudTypeSlug(brand),
      icon: 'cloud',
      name: `${brand.name} Cloud`,
      price: `${dollars(rates.hostedCloudMonthlyPerUserCents)}/user/month`,
      summary: 'The shared hosted platform: sign in and build agents, nothing to install.',
      points: ['A normal user account, with no admin access to the platform', 'Team collaboration with role-based access control', 'Personal use $35/month'],
      action: `Open ${brand.name} Cloud`,
    },
    {
      type: 'trial-vm',
      icon: 'flask',
      name: 'Trial VM',
      price: `${dollars(rates.freeCreditCents)} free credit, then ${dollars(rates.trialVmHourlyCents)}/hour`,
      summary: 'Your own virtual machine running the full platform, ready in minutes.',
      points: ['Admin access: configure models, users and integrations', 'Connects to an external LLM provider', 'Delete it whenever you are done'],
      action: 'Launch a trial VM',
    },
    {
      type: 'gpu-instance',
      icon: 'gauge',
      name: 'Dedicated GPUs',
      price: gpuOfferOfPage().priceLine,
      summary: 'Managed GPU hosting for private models, billed by the hour.',
      points: ['Provisioned within 30 minutes', 'Private LLMs, vision and embedding models on GPUs reserved for you', 'Admin access to your instance'],
      action: 'Provision GPUs',
    },
  ];
}

/** Hosted group of public-site 2.7; the #try-demo anchor lands here. */
export function HostedGroup() {
  const brand = useBrand();
  return (
    <section id="try-demo" className="dep-group" aria-labelledby="dep-hosted-title">
      <h2 id="dep-hosted-title">Hosted: try it today</h2>
      <p className="dep-group-lead">Run on infrastructure we operate. Start on the shared platform, spin up a trial VM with free credit, or rent dedicated GPUs.</p>
      <div className="dep-cards">
        {hostedOptions(brand).map((o) => (
          <article key={o.type} className="dep-card" data-testid={`hosted-${o.type}`}>
            <div className="dep-card-head">
              <Icon name={o.icon} size={22} />
              <h3>{o.name}</h3>
            </div>
            <p className="dep-price">{o.price}</p>
            <p className="dep-summary">{o.summary}</p>
            <ul className="dep-points">
              {o.points.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
            <Link to={linkTo('deployments', { type: o.type })} className="btn btn-primary dep-action">
              {o.action}
            </Link>
          </article>
        ))}
      </div>
    </section>
  );
}
