import { apiKeyCandidates, isApiKeyFormat } from '../../server/auth/api-keys/key-format';

/**
 * Finds credentials in captured logs: JWTs (access, ID and refresh tokens), personal API keys,
 * private keys, and any literal secret the caller knows (passwords, shared secrets).
 */
const patterns: [label: string, pattern: RegExp][] = [
  ['JWT', /eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/],
  ['private key', /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
  ['bearer header', /Bearer\s+[A-Za-z0-9._~+/-]{20,}/i],
  ['secret query parameter', /[?&](?:token|access_token|code|refresh_token|grant)=(?!\[redacted\])[A-Za-z0-9._~%-]{8,}/],
  // base64 of `{"data":"` — a signed licence key (interop: key = base64 of {data, signature})
  ['licence key', /eyJkYXRhIjoi[A-Za-z0-9+/=]{20,}/],
  ['OpenSSH private key body', /b3BlbnNzaC1rZXktdjEAAAAA/],
];

export interface SecretFinding {
  label: string;
  line: number;
  excerpt: string;
}

export function findSecrets(text: string, literals: string[] = []): SecretFinding[] {
  const findings: SecretFinding[] = [];
  text.split('\n').forEach((content, i) => {
    for (const [label, pattern] of patterns) {
      const m = pattern.exec(content);
      if (m) findings.push({ label, line: i + 1, excerpt: m[0].slice(0, 24) });
    }
    // A personal API key by its format and checksum, not its prefix: an OIDC `state=lp_…` is no key.
    for (const [key] of content.matchAll(apiKeyCandidates())) {
      if (isApiKeyFormat(key)) findings.push({ label: 'personal API key', line: i + 1, excerpt: key.slice(0, 9) });
    }
    for (const literal of literals) {
      if (literal.length >= 6 && content.includes(literal)) findings.push({ label: 'known secret', line: i + 1, excerpt: `${literal.slice(0, 3)}…` });
    }
  });
  return findings;
}
