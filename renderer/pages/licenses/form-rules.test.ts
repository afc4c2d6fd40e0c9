import { describe, expect, it } from 'vitest';
import { clampGpus, clampUsers, confirmationsMade, createBody, defaultEnterprise, noAgreement, validationAlert } from './form-rules';

describe('enterprise number clamping on blur', () => {
  it.each([
    ['', 10],
    ['3', 10],
    ['10', 10],
    ['11', 11],
    ['25.9', 25],
    ['-40', 10],
    ['abc', 10],
    ['999999', 100_000],
  ])('users %j → %i', (typed, users) => expect(clampUsers(typed)).toBe(users));

  it.each([
    ['', 0],
    ['-1', 0],
    ['0', 0],
    ['7', 7],
    ['2.5', 2],
    ['x', 0],
  ])('GPUs %j → %i', (typed, gpus) => expect(clampGpus(typed)).toBe(gpus));

  it('defaults to 10 users, 0 GPUs and no support', () => {
    expect(defaultEnterprise).toEqual({ users: '10', gpus: '0', support: 'none' });
  });
});

describe('confirmations and alerts', () => {
  const all = { terms: true, underRevenue: true, underEmployees: true };

  it.each([
    ['community', noAgreement, false],
    ['community', { ...noAgreement, underRevenue: true }, false],
    ['community', { ...noAgreement, underEmployees: true }, false],
    ['community', { ...noAgreement, underRevenue: true, underEmployees: true }, true],
    ['trial', { ...noAgreement, underRevenue: true, underEmployees: true }, false],
    ['trial', { ...noAgreement, terms: true }, true],
    ['enterprise', noAgreement, false],
    ['enterprise', { ...noAgreement, terms: true }, true],
  ] as const)('%s with %j may be created: %s', (type, agreement, expected) => {
    expect(confirmationsMade(type, agreement)).toBe(expected);
  });

  it.each([
    ['community', '   ', all, { message: 'Please enter your organization name', field: 'organization' }],
    ['trial', '', noAgreement, { message: 'Please enter your organization name', field: 'organization' }],
    ['trial', 'Acme', noAgreement, { message: 'Please accept the terms and conditions', field: 'terms' }],
    ['enterprise', 'Acme', { ...all, terms: false }, { message: 'Please accept the terms and conditions', field: 'terms' }],
    ['community', 'Acme', noAgreement, undefined],
    ['enterprise', 'Acme', all, undefined],
  ] as const)('%s named %j with %j alerts %j', (type, org, agreement, alert) => {
    expect(validationAlert(type, org, agreement)).toEqual(alert);
  });
});

describe('create body', () => {
  it('sends only type and the trimmed name for community and trial', () => {
    expect(createBody('community', ' Tiny Lab ', { users: '50', gpus: '4', support: 'email' })).toEqual({ type: 'community', organization_name: 'Tiny Lab' });
    expect(createBody('trial', 'Tiny Lab', defaultEnterprise)).toEqual({ type: 'trial', organization_name: 'Tiny Lab' });
  });

  it('sends clamped limits and the support level for enterprise', () => {
    expect(createBody('enterprise', 'Acme', { users: '4', gpus: '-2', support: 'premium' })).toEqual({
      type: 'enterprise',
      organization_name: 'Acme',
      users_limit: 10,
      gpus_limit: 0,
      support_level: 'premium',
    });
  });
});
