import { describe, expect, it } from 'vitest';
import { adminCreateLicenseBody } from '../../../shared/api/licenses';
import { adminCreateBody, createDisabled, emptyAdminForm, teamAdminForm } from './create-form';

const filled = { ...emptyAdminForm, email: 'ops@acme.test', organization: 'Acme' };

describe('admin Create License form', () => {
  it('starts blank with 52 weeks and perpetual off', () => {
    expect(emptyAdminForm).toEqual({ email: '', organization: '', users: '', gpus: '', support: '', perpetual: false, durationWeeks: '52' });
  });

  it.each([
    [emptyAdminForm, false, true],
    [{ ...filled, email: '  ' }, false, true],
    [{ ...filled, organization: '' }, false, true],
    [filled, true, true],
    [filled, false, false],
  ])('%j busy=%s is disabled: %s', (form, busy, disabled) => {
    expect(createDisabled(form, busy)).toBe(disabled);
  });

  it('omits blank limits and a None support level, and sends the duration', () => {
    const body = adminCreateBody({ ...filled, email: ' ops@acme.test ', organization: ' Acme ' });
    expect(body).toEqual({ email: 'ops@acme.test', organization_name: 'Acme', perpetual: false, duration_weeks: 52 });
    expect(adminCreateLicenseBody.safeParse(body).success).toBe(true);
  });

  it('sends limits, support and no duration for a perpetual license', () => {
    const body = adminCreateBody({ ...filled, users: '50', gpus: '0', support: 'premium', perpetual: true, durationWeeks: '10' });
    expect(body).toEqual({ email: 'ops@acme.test', organization_name: 'Acme', users_limit: 50, gpus_limit: 0, support_level: 'premium', perpetual: true });
    expect(adminCreateLicenseBody.safeParse(body).success).toBe(true);
  });

  it('falls back to 52 weeks when the duration is cleared', () => {
    expect(adminCreateBody({ ...filled, durationWeeks: ' ' }).duration_weeks).toBe(52);
    expect(adminCreateBody({ ...filled, durationWeeks: '8' }).duration_weeks).toBe(8);
  });

  it("a team's licence: the team's name as the organisation, and its id sent", () => {
    const teamId = '0b7c2a4e-5d1f-4c3a-9e8b-1a2b3c4d5e6f';
    const body = adminCreateBody({ ...teamAdminForm('Quokka Crew'), email: 'ops@acme.test' }, teamId);
    expect(body).toEqual({ email: 'ops@acme.test', organization_name: 'Quokka Crew', perpetual: false, duration_weeks: 52, team_id: teamId });
    expect(adminCreateLicenseBody.safeParse(body).success).toBe(true);
  });
});
