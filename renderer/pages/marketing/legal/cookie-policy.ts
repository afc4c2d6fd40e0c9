import { brandDomain } from '../../../../shared/brand';
import type { Brand } from '../../../../shared/brand';
import type { LegalDocument } from './types';

/**
 * The Cookie Policy (public-site 2.16). It lists what this app really sets: only the embedded
 * identity provider's sign-in cookies under /oidc (oidc-provider's `_session`, `_interaction`,
 * `_interaction_resume`, each signed with a `.sig` companion because the app has cookie keys;
 * lifetimes from the provider's ttl: session 14 days, interaction 1 hour). Those are strictly
 * necessary, which is why there is no consent banner. An operator who points sign-in at an
 * external identity provider gets that provider's cookies instead, on its own domain.
 */
export function cookiePolicy(brand: Brand): LegalDocument {
  const we = brand.name;
  return {
    name: 'Cookie Policy',
    lastUpdated: 'January 15, 2025',
    intro: [`This policy explains which cookies and similar browser storage the ${we} website and Launchpad use, who sets them, and how you can control them.`],
    sections: [
      {
        id: 'no-cookie-banner',
        number: '1',
        title: 'Why there is no cookie banner',
        body: [
          'We do not show a cookie banner because we set only strictly necessary cookies: the ones that keep you signed in. Privacy law, including the EU ePrivacy rules and the UK PECR, does not require consent for cookies that are essential to a service you ask for. We do not use analytics, advertising or cross-site tracking cookies. If that ever changes, we will ask for your consent before setting them.',
        ],
      },
      {
        id: 'cookie-types',
        number: '2',
        title: 'Types of cookies',
        body: [
          {
            table: {
              caption: 'Cookie types and whether we use them',
              head: ['Type', 'What it is for', 'Used by us'],
              rows: [
                ['Essential', 'Signing in and keeping a session secure. The site does not work without them.', 'Yes, only for sign-in'],
                ['Analytics', 'Counting visits and measuring how pages are used.', 'No'],
                ['Functional', 'Remembering preferences such as language or layout.', 'No'],
                ['Marketing', 'Advertising and tracking across other websites.', 'No'],
              ],
            },
          },
        ],
      },
      {
        id: 'cookies-we-set',
        number: '3',
        title: 'Cookies we set',
        body: [
          'All of them are set by our sign-in service under the /oidc path, are marked HttpOnly so page scripts cannot read them, and are sent only to our own site. Each has a companion cookie ending in .sig that proves it has not been altered.',
          {
            table: {
              caption: 'Essential cookies',
              head: ['Name', 'Purpose', 'Lifetime'],
              rows: [
                ['_session', 'Keeps you signed in to the sign-in service, so returning to the Launchpad does not ask for your password again.', 'Up to 14 days'],
                ['_interaction', 'Links the sign-in form you are filling in to your sign-in request.', '1 hour'],
                ['_interaction_resume', 'Returns you to the application once the sign-in form is complete.', '1 hour'],
              ],
            },
          },
          'Signing out deletes the session cookie.',
        ],
      },
      {
        id: 'browser-storage',
        number: '4',
        title: 'Other browser storage',
        body: [
          'Besides cookies, the Launchpad keeps a few items in your browser’s own storage. They never leave your device on their own:',
          {
            list: [
              'a one-time sign-in code verifier, kept for the current tab until sign-in completes;',
              'the list of private deployments you add before signing in, which moves to your account once you sign in;',
              'the amount of a balance top-up in progress, kept for the current tab so the confirmation can show it.',
            ],
          },
        ],
      },
      {
        id: 'third-party-cookies',
        number: '5',
        title: 'Third-party cookie providers',
        body: [
          'Our pages load no third-party scripts, so no other company sets cookies while you browse this site. Some actions take you to other services, which set their own cookies under their own policies:',
          {
            list: [
              'our payment provider, when you top up your balance or pay for a license on its checkout page, uses cookies to prevent fraud;',
              'an external identity provider, if your organisation’s installation signs you in through one (for example Keycloak, Okta or Microsoft Entra ID);',
              'our external documentation and trust centre sites, when you open them from links on these pages.',
            ],
          },
        ],
      },
      {
        id: 'opt-out',
        number: '6',
        title: 'How to control and opt out of cookies',
        body: [
          'You can block or delete cookies in your browser settings. Blocking the essential cookies above will stop you from signing in. These pages explain how, and how to opt out of interest-based advertising on other sites:',
          {
            links: [
              { label: 'Google Chrome', href: 'https://support.google.com/chrome/answer/95647', note: 'delete, allow and manage cookies' },
              { label: 'Mozilla Firefox', href: 'https://support.mozilla.org/kb/clear-cookies-and-site-data-firefox', note: 'clear cookies and site data' },
              { label: 'Apple Safari', href: 'https://support.apple.com/guide/safari/manage-cookies-sfri11471/mac', note: 'manage cookies and website data' },
              { label: 'Microsoft Edge', href: 'https://support.microsoft.com/microsoft-edge/delete-cookies-in-microsoft-edge-63947406-40ac-c3b8-57b9-2a946a29ae09', note: 'delete cookies' },
              { label: 'Your Online Choices', href: 'https://www.youronlinechoices.eu/', note: 'opt out of interest-based advertising in Europe' },
              { label: 'Network Advertising Initiative', href: 'https://optout.networkadvertising.org/', note: 'opt out of interest-based advertising in the United States' },
              { label: 'Global Privacy Control', href: 'https://globalprivacycontrol.org/', note: 'send an opt-out signal from your browser' },
            ],
          },
        ],
      },
      {
        id: 'changes',
        number: '7',
        title: 'Changes and contact',
        body: [`We will update this page and its date when the cookies we use change. Questions: privacy@${brandDomain(brand.id)}.`, { links: [{ label: 'Privacy Policy', href: '/privacy-policy' }] }],
      },
    ],
  };
}
