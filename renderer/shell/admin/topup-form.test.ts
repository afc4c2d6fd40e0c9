import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { readTopupForm, topupErrorText } from './topup-form';

describe('readTopupForm', () => {
  it.each([
    ['12.345', 1234],
    ['12.349', 1234],
    ['0.01', 1],
    ['50', 5000],
    [' 7.5 ', 750],
    ['1e2', 10000],
  ])('takes %s dollars as %d cents (rounded down)', (amount, cents) => {
    expect(readTopupForm({ email: 'a@b.test', amount, reason: ' Goodwill ' }, undefined)).toEqual({ ok: true, email: 'a@b.test', amountCents: cents, reason: 'Goodwill' });
  });

  it.each(['', 'abc', 'NaN', '0', '-5', '0.001', 'Infinity'])('refuses the amount %j', (amount) => {
    const r = readTopupForm({ email: 'a@b.test', amount, reason: 'x' }, undefined);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/greater than zero/);
  });

  it('needs an email', () => {
    expect(readTopupForm({ email: '  ', amount: '5', reason: 'x' }, undefined)).toEqual({ ok: false, message: 'Enter the email of the user to top up' });
  });

  it('needs a reason', () => {
    expect(readTopupForm({ email: 'a@b.test', amount: '5', reason: ' \n ' }, undefined)).toEqual({ ok: false, message: 'Please give a reason for the top-up' });
  });

  it.each([
    ['100', true],
    ['100.00', true],
    ['100.01', false],
  ])('with a $100 maximum takes %s: %s', (amount, ok) => {
    const r = readTopupForm({ email: 'a@b.test', amount, reason: 'x' }, 10_000);
    expect(r.ok).toBe(ok);
    if (!r.ok) expect(r.message).toBe('A top-up can be at most $100.00');
  });
});

describe('topupErrorText', () => {
  it.each([
    [new ApiError(404, { error: 'No user with the email x@y.test' }), 'No user with the email x@y.test'],
    [new ApiError(400, { error: 'Invalid top-up', details: [{ path: 'email', message: 'A valid email is required' }] }), 'Invalid top-up: A valid email is required'],
    [new ApiError(502, '<html>Bad gateway</html>'), 'Failed to top up balance'],
    [new ApiError(500, undefined), 'Failed to top up balance'],
    [new TypeError('Failed to fetch'), 'Failed to fetch'],
    [new Error(''), 'Failed to top up balance'],
    ['weird', 'Failed to top up balance'],
  ])('%o reads %j', (err, text) => {
    expect(topupErrorText(err)).toBe(text);
  });
});
