import { describe, expect, it } from 'vitest';
import { findSecrets } from './secret-scan';

describe('secrets in logs', () => {
  it.each([
    ['a JWT', '{"msg":"x","t":"eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiIxMjM0NTYifQ.c2lnbmF0dXJlLXZhbHVl"}', 'JWT'],
    ['a bearer header', 'authorization: Bearer abcdefghijklmnopqrstuvwxyz012345', 'bearer header'],
    ['a token in a URL', '"url":"/api/deployments/1/terminal?token=abcdef123456"', 'secret query parameter'],
    ['a checkout grant in a URL', '"url":"/checkout/cs_1?grant=Zm9vYmFyYmF6cXV4"', 'secret query parameter'],
    ['a private key', '-----BEGIN OPENSSH PRIVATE KEY-----', 'private key'],
    ['a known password', 'login failed for user-pass-1', 'known secret'],
    ['a signed licence key', `"key":"${Buffer.from(JSON.stringify({ data: '{"id":"lic_1"}', signature: 'c2ln' })).toString('base64')}"`, 'licence key'],
    ['a personal API key', '"key":"lp_AbCdEfGhIjKlMnOpQrStUvWx012345"', 'personal API key'],
    ['an OpenSSH private key body without its header', 'params: b3BlbnNzaC1rZXktdjEAAAAABG5vbmU', 'OpenSSH private key body'],
  ])('finds %s', (_what, line, label) => {
    expect(findSecrets(line, ['user-pass-1']).map((f) => f.label)).toContain(label);
  });

  it('passes redacted URLs and ordinary log lines', () => {
    const log = ['{"msg":"request","url":"/api/deployments/1/terminal?token=[redacted]"}', '{"msg":"job run","job":"billing.meter-usage"}'].join('\n');
    expect(findSecrets(log, ['user-pass-1'])).toEqual([]);
  });
});
