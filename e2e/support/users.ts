import { devUsersEnvOf } from '../../test/support/throwaway-server';

/** An account named `name`: `<name>@e2e.test` unless given, password `<name>-pass-1`. */
const account = (name: string, email = `${name}@e2e.test`) => ({ email, password: `${name}-pass-1` });

/** Accounts of the embedded identity provider for the end-to-end run (DEV_USERS). */
export const e2eUsers = {
  user: account('user'),
  other: account('other'),
  admin: account('admin'),
  /** billing.spec.ts: fresh accounts whose balance no other spec touches */
  billing: account('billing'),
  billing2: account('billing2'),
  /** licenses.spec.ts: an account whose license list no other spec touches */
  licensee: account('licensee'),
  /** agents.spec.ts: private deployments, licenses and the Command Center of an account no other spec touches */
  agents: account('agents'),
  /** setup-guide.spec.ts: an account with its own trial license and private deployments */
  setupGuide: account('setup-guide'),
  /** keyboard.spec.ts: keyboard-only deployment, licenses and payment modal */
  keyboard: account('keyboard'),
  /** keyboard-finish.spec.ts: keyboard-only deployment journey with its announcements and confirm dialog */
  a11y: account('a11y'),
  /** notifications.spec.ts: an account whose balance and notifications no other spec touches */
  notify: account('notify'),
  /** license-renewal.spec.ts: an account whose licence an administrator issued before it first signed in */
  renewer: account('renewer'),
  /** customers.spec.ts: an account an admin tops up from its customer page (a long address, as customers have) */
  customer: account('customer', 'maximilian.customer-with-a-long-address@customers.e2e.test'),
  /** teams.spec.ts: a team's owner and the colleague they invite, accounts no other spec touches */
  teamOwner: account('team-owner'),
  teamMate: account('team-mate'),
  /** team-roles.spec.ts: a team's owner, member and billing member, accounts no other spec touches */
  roleOwner: account('role-owner'),
  roleMember: account('role-member'),
  roleBilling: account('role-billing'),
  roleAdmin: account('role-admin'),
  /** documents.spec.ts: an account whose payments and documents no other spec touches */
  documents: account('documents'),
  /** cost-control.spec.ts: an account whose spend limit and deployments no other spec touches */
  spender: account('spender'),
} as const;

export const devUsersEnv = devUsersEnvOf(Object.entries(e2eUsers).map(([role, account]) => ({ ...account, admin: role === 'admin' })));
