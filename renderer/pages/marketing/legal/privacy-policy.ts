import { brandDomain } from '../../../../shared/brand';
import type { Brand } from '../../../../shared/brand';
import type { LegalDocument } from './types';

/**
 * The Privacy Policy (public-site 2.16: last updated January 15, 2025). The spec gives only the
 * date; the text is ours and describes what this product actually collects (accounts, billing,
 * licenses, deployments, installation pings, the optional visitor company lookup, server logs).
 */
export function privacyPolicy(brand: Brand): LegalDocument {
  const we = brand.name;
  return {
    name: 'Privacy Policy',
    lastUpdated: 'January 15, 2025',
    intro: [
      `This policy explains what personal data ${we} collects when you visit this website, use the Launchpad, run a hosted deployment or install the platform yourself, why we collect it, and the choices you have.`,
    ],
    sections: [
      {
        id: 'who-we-are',
        number: '1',
        title: 'Who we are',
        body: [
          `${we} is the controller of the personal data described here. For Customer Data processed inside a hosted deployment, we act as a processor on behalf of the customer who owns the account, under our Subscription Service Agreement.`,
        ],
      },
      {
        id: 'data-we-collect',
        number: '2',
        title: 'Data we collect',
        body: [
          {
            list: [
              'Account data: your e-mail address, name and roles, received from the identity provider you sign in with.',
              'Billing data: your balance, top-ups and charges. Card details are entered on our payment provider’s page and never reach our servers.',
              'License data: organisation name, license type, limits, status and expiry of the license keys you create.',
              'Deployment data: names, status, network addresses and run time of the hosted deployments you start, and the names, descriptions and addresses of the private deployments you add to your list. Before you sign in, that list is kept only in your browser.',
              'Installation pings: self-hosted installations periodically report their version, edition, number of users and apps, an anonymous installation identifier and the license in use. We record the sending network address and the country and city derived from it.',
              'Company lookup: when enabled, the landing page looks up the organisation associated with your network address to show examples from your industry.',
              'Server logs: network address, requested page, time and response status. Passwords, tokens, authorisation headers and cookies are removed before logs are written.',
            ],
          },
        ],
      },
      {
        id: 'how-we-use-data',
        number: '3',
        title: 'How we use data',
        body: [
          {
            list: [
              'to provide the Service: sign you in, run your deployments, issue and validate license keys;',
              'to bill hosted usage and keep accounting records;',
              'to check that installations stay within their license limits and to tell them about new versions;',
              'to secure the Service, investigate abuse and fix faults;',
              'to answer your support requests and send notices about your account.',
            ],
          },
          'We do not sell personal data, and we do not use Customer Data to train models.',
        ],
      },
      {
        id: 'legal-bases',
        number: '4',
        title: 'Legal bases',
        body: [
          'Where data protection law such as the GDPR applies, we rely on performing our contract with you, our legitimate interests in running and securing the Service (balanced against your rights), compliance with legal obligations such as tax records, and your consent where we ask for it.',
        ],
      },
      {
        id: 'sharing',
        number: '5',
        title: 'Who we share data with',
        body: [
          'We share personal data only with service providers that help us run the Service, under contracts that limit their use of it: our payment provider, the cloud providers that host trial VMs and GPU instances, and providers of e-mail and support tools. We may disclose data when the law requires it or to protect the rights and safety of users.',
        ],
      },
      {
        id: 'international-transfers',
        number: '6',
        title: 'International transfers',
        body: [
          'Where personal data moves across borders, we use recognised safeguards such as the European Commission’s standard contractual clauses. Self-hosted deployments keep their data where you install them.',
        ],
      },
      {
        id: 'retention',
        number: '7',
        title: 'Retention',
        body: [
          'We keep account, license and deployment data while your account is active and for up to 12 months after it closes, billing records for as long as tax law requires, and server logs for no more than 90 days.',
        ],
      },
      {
        id: 'security',
        number: '8',
        title: 'Security',
        body: [
          'Data is encrypted in transit, access is limited to staff who need it, and sign-in uses an OpenID Connect provider with short-lived tokens. No system is perfectly secure; we will notify you of a breach affecting your data as the law requires.',
        ],
      },
      {
        id: 'your-rights',
        number: '9',
        title: 'Your rights',
        body: [
          'Depending on where you live, you may ask to access, correct, delete or export your personal data, object to or restrict its use, and withdraw consent. California residents may also ask what categories of data we collect and will not be discriminated against for exercising their rights. You may complain to your data protection authority.',
        ],
      },
      {
        id: 'children',
        number: '10',
        title: 'Children',
        body: ['The Service is not directed to children under 13, and we do not knowingly collect their personal data.'],
      },
      {
        id: 'cookies',
        number: '11',
        title: 'Cookies',
        body: ['We use only the cookies needed for signing in. The details are in our Cookie Policy.', { links: [{ label: 'Cookie Policy', href: '/cookie-policy' }] }],
      },
      {
        id: 'changes',
        number: '12',
        title: 'Changes to this policy',
        body: ['We will post changes here and update the date above. For material changes we will also notify account holders by e-mail.'],
      },
      {
        id: 'contact',
        number: '13',
        title: 'Contact',
        body: [`Write to privacy@${brandDomain(brand.id)} to exercise your rights or ask about this policy.`],
      },
    ],
  };
}
