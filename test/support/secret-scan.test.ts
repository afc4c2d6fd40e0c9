import { describe, expect, it } from 'vitest';
import { newApiKey } from '../../server/auth/api-keys/key-format';
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
    ['a personal API key', `"key":"${newApiKey()}"`, 'personal API key'],
    ['a personal API key in a query', `GET /x?k=${newApiKey()}&y=1`, 'personal API key'],
    ['an OpenSSH private key body without its header', 'params: b3BlbnNzaC1rZXktdjEAAAAABG5vbmU', 'OpenSSH private key body'],
  ])('finds %s', (_what, line, label) => {
    expect(findSecrets(line, ['user-pass-1']).map((f) => f.label)).toContain(label);
  });

  it('passes values that merely start with `lp_`: an OIDC state, a key-shaped string with a wrong checksum, a cookie name', () => {
    const key = newApiKey();
    const wrongChecksum = key.slice(0, -1) + (key.endsWith('0') ? '1' : '0');
    const log = [
      '{"msg":"request","url":"/oidc/auth?client_id=launchpad&state=lp_0n8L79gUn0bU-x9QkVb2yFq7Hc3TtWm1ZpA&nonce=abc"}',
      `{"msg":"request","note":"${wrongChecksum}"}`,
      '{"msg":"request","cookie":"lp_device_0123456789abcdef=[redacted]"}',
      `{"msg":"request","state":"lp_${'A'.repeat(36)}"}`,
    ].join('\n');
    expect(findSecrets(log)).toEqual([]);
  });

  it('passes redacted URLs and ordinary log lines', () => {
    const log = ['{"msg":"request","url":"/api/deployments/1/terminal?token=[redacted]"}', '{"msg":"job run","job":"billing.meter-usage"}'].join('\n');
    expect(findSecrets(log, ['user-pass-1'])).toEqual([]);
  });
});
