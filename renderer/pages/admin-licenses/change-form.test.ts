import { describe, expect, it } from 'vitest';
import { changeBody, changeFormOf } from './change-form';

const licence = { expires: '2027-01-01T00:00:00.000Z', users_limit: 20, gpus_limit: null, support_level: 'email' as const };

describe('Change License form', () => {
  it('starts from the licence and sends nothing while nothing changed', () => {
    const form = changeFormOf(licence);
    expect(form).toEqual({ extendWeeks: '', perpetual: false, users: '20', gpus: '', support: 'email' });
    expect(changeBody(licence, form)).toBeUndefined();
  });

  it('sends only what the admin changed', () => {
    const form = { ...changeFormOf(licence), extendWeeks: '8', users: '50', support: 'premium' as const };
    expect(changeBody(licence, form)).toEqual({ extend_weeks: 8, users_limit: 50, support_level: 'premium' });
  });

  it('drops the extension when the licence becomes perpetual, and asks for one to end a perpetual licence', () => {
    expect(changeBody(licence, { ...changeFormOf(licence), extendWeeks: '4', perpetual: true })).toEqual({ perpetual: true });
    const forever = { ...licence, expires: null };
    expect(changeBody(forever, { ...changeFormOf(forever), perpetual: false, extendWeeks: '2' })).toEqual({ extend_weeks: 2, perpetual: false });
  });
});
