import { devUsersEnvOf } from '../../server/test-support/throwaway-server';

/** Accounts of the embedded identity provider for the end-to-end run (DEV_USERS). */
export const e2eUsers = {
  user: { email: 'user@e2e.test', password: 'user-pass-1' },
  other: { email: 'other@e2e.test', password: 'other-pass-1' },
  admin: { email: 'admin@e2e.test', password: 'admin-pass-1' },
  /** billing.spec.ts: fresh accounts whose balance no other spec touches */
  billing: { email: 'billing@e2e.test', password: 'billing-pass-1' },
  billing2: { email: 'billing2@e2e.test', password: 'billing2-pass-1' },
  /** licenses.spec.ts: an account whose license list no other spec touches */
  licensee: { email: 'licensee@e2e.test', password: 'licensee-pass-1' },
  /** agents.spec.ts: private deployments, licenses and the Command Center of an account no other spec touches */
  agents: { email: 'agents@e2e.test', password: 'agents-pass-1' },
  /** setup-guide.spec.ts: an account with its own trial license and private deployments */
  setupGuide: { email: 'setup-guide@e2e.test', password: 'setup-guide-pass-1' },
  /** keyboard.spec.ts: keyboard-only deployment, licenses and payment modal */
  keyboard: { email: 'keyboard@e2e.test', password: 'keyboard-pass-1' },
  /** notifications.spec.ts: an account whose balance and notifications no other spec touches */
  notify: { email: 'notify@e2e.test', password: 'notify-pass-1' },
  /** license-renewal.spec.ts: an account whose licence an administrator issued before it first signed in */
  renewer: { email: 'renewer@e2e.test', password: 'renewer-pass-1' },
  /** customers.spec.ts: an account an admin tops up from its customer page (a long address, as customers have) */
  customer: { email: 'maximilian.customer-with-a-long-address@customers.e2e.test', password: 'customer-pass-1' },
  /** teams.spec.ts: a team's owner and the colleague they invite, accounts no other spec touches */
  teamOwner: { email: 'team-owner@e2e.test', password: 'team-owner-pass-1' },
  teamMate: { email: 'team-mate@e2e.test', password: 'team-mate-pass-1' },
} as const;

export const devUsersEnv = devUsersEnvOf(Object.entries(e2eUsers).map(([role, account]) => ({ ...account, admin: role === 'admin' })));
