import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';

describe('mail and grace configuration', () => {
  it('keeps mail in the database and gives 15 minutes of grace by default', () => {
    const c = loadConfig({ PUBLIC_URL: 'https://launchpad.example.com' });
    expect(c.mail).toEqual({ smtpUrl: undefined, from: 'Helix <noreply@launchpad.example.com>' });
    expect(c.unpaidGraceMinutes).toBe(15);
  });

  it('reads SMTP_URL, MAIL_FROM and UNPAID_GRACE_MINUTES', () => {
    const c = loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.com:465', MAIL_FROM: 'Ops <ops@example.com>', UNPAID_GRACE_MINUTES: '30' });
    expect(c.mail).toEqual({ smtpUrl: 'smtps://u:p@mail.example.com:465', from: 'Ops <ops@example.com>' });
    expect(c.unpaidGraceMinutes).toBe(30);
  });

  it.each([
    [{ SMTP_URL: 'https://mail.example.com' }, 'SMTP_URL'],
    [{ UNPAID_GRACE_MINUTES: '0' }, 'UNPAID_GRACE_MINUTES'],
    [{ UNPAID_GRACE_MINUTES: 'soon' }, 'UNPAID_GRACE_MINUTES'],
  ])('refuses %j naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
