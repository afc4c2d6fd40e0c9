import { describe, expect, it } from 'vitest';
import { deleteRefusal, leftInTeam } from './closing';

describe('closing a team: what moves and why Delete waits', () => {
  it.each([
    [{ balance_cents: 0, live_licences: 0 }, undefined],
    [{ balance_cents: 1234, live_licences: 0 }, '$12.34'],
    [{ balance_cents: 0, live_licences: 2 }, '2 live licences'],
    [{ balance_cents: 500, live_licences: 1 }, '$5.00 and 1 live licence'],
  ])('%j holds %s', (team, text) => expect(leftInTeam(team)).toBe(text));

  it.each([
    [{ running_deployments: 0, balance_cents: 900, live_licences: 1 }, undefined],
    [{ running_deployments: 1, balance_cents: 0, live_licences: 0 }, 'Delete the team’s deployment first: a team with deployments cannot be deleted.'],
    [{ running_deployments: 3, balance_cents: 0, live_licences: 0 }, 'Delete the team’s 3 deployments first: a team with deployments cannot be deleted.'],
    [{ running_deployments: 0, balance_cents: -250, live_licences: 0 }, 'The team owes $2.50: add funds to bring its balance to $0.00 first.'],
  ])('%j: %s', (team, text) => expect(deleteRefusal(team)).toBe(text));
});
