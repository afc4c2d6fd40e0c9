import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { readTopupForm, topupErrorText } from './topup';

describe('readTopupForm', () => {
  it.each([
    ['12.345', 1234],
    ['12.349', 1234],
    ['0.01', 1],
    ['50', 5000],
    [' 7.5 ', 750],
    ['1e2', 10000],
  ])('takes %s dollars as %d cents (rounded down)', (amount, cents) => {
    expect(readTopupForm('a@b.test', amount)).toEqual({ ok: true, email: 'a@b.test', amountCents: cents });
  });

  it.each(['', 'abc', 'NaN', '0', '-5', '0.001', 'Infinity'])('refuses the amount %j', (amount) => {
    const r = readTopupForm('a@b.test', amount);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/greater than zero/);
  });

  it('needs an email', () => {
    expect(readTopupForm('  ', '5')).toEqual({ ok: false, message: 'Enter the email of the user to top up' });
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
