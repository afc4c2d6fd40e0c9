import { Link } from 'react-router-dom';
import { defaultBrand } from '../../shared/brand';
import { selectBrandId, selectProductName, useConfigStore } from '../app/config-store';
import { linkTo } from '../routes/links';

export const certificationBadges = ['SOC 2 Type II', 'ISO 27001', 'HIPAA Ready', 'FedRAMP In Progress'] as const;

type FooterLink = [label: string, to: string];

function columns(brandId: string): [title: string, links: FooterLink[]][] {
  return [
    [
      'Solutions',
      [
        ['Industry Use Cases', linkTo('landing', undefined, { hash: 'industry-use-cases' })],
        ['Hosted Cloud', linkTo('deployments', { type: `${brandId}-cloud` })],
        ['Trial VM', linkTo('deployments', { type: 'trial-vm' })],
        ['Private Deployments', linkTo('private-deployments')],
      ],
    ],
    [
      'Platform',
      [
        ['Product Showcase', linkTo('landing', undefined, { hash: 'product-showcase' })],
        ['Agent Gallery', linkTo('agents-gallery')],
        ['Code', linkTo('code')],
        ['Comparison', linkTo('comparison')],
      ],
    ],
    [
      'Resources',
      [
        ['Documentation', linkTo('docs')],
        ['Technical Architecture', linkTo('resources', undefined, { hash: 'technical-architecture' })],
        ['Compliance and Legal', linkTo('resources', undefined, { hash: 'compliance-legal' })],
        ['ROI Calculator', linkTo('resources', undefined, { hash: 'roi-calculator' })],
        ['Implementation Guide', linkTo('resources', undefined, { hash: 'implementation-guide' })],
        ['Pricing', linkTo('pricing')],
      ],
    ],
    [
      'Company',
      [
        ['Service Providers', linkTo('service-providers')],
        ['Deployment Options', linkTo('deployment')],
        ['Launchpad', linkTo('home')],
      ],
    ],
  ];
}

const legal: FooterLink[] = [
  ['Privacy Policy', linkTo('privacy-policy')],
  ['Terms of Service', linkTo('terms-of-service')],
  ['Cookie Policy', linkTo('cookie-policy')],
];

export function MarketingFooter() {
  const brandId = useConfigStore(selectBrandId) ?? defaultBrand.id;
  const productName = useConfigStore(selectProductName);
  return (
    <footer className="site-footer">
      <div className="footer-columns">
        {columns(brandId).map(([title, links]) => (
          <div key={title} className="footer-column">
            <h2 className="footer-title">{title}</h2>
            <ul>
              {links.map(([label, to]) => (
                <li key={label}>
                  <Link to={to}>{label}</Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <ul className="badges" aria-label="Certifications">
        {certificationBadges.map((b) => (
          <li key={b} className="badge">
            {b}
          </li>
        ))}
      </ul>
      <div className="footer-bottom">
        <span className="muted">
          © {new Date().getFullYear()} {productName}
        </span>
        <nav aria-label="Legal" className="legal-links">
          {legal.map(([label, to]) => (
            <Link key={to} to={to}>
              {label}
            </Link>
          ))}
        </nav>
      </div>
    </footer>
  );
}
