/**
 * License keys exactly as the platform's installations verify them (interop spec): the key is
 * standard base64 of `{"data": "<json string>", "signature": "<base64>"}`, the signature is the
 * raw ECDSA P-256 `r || s` over SHA-256 of the exact `data` bytes. Runs on WebCrypto, so the same
 * code verifies in Node and in the browser.
 */
export interface LicenseData {
  id: string;
  organization: string;
  valid: boolean;
  issued: string;
  valid_until: string;
  features: { users: boolean };
  limits: { users: number; machines: number };
  email?: string;
}

export type KeyCheck = { ok: true; data: LicenseData; expired: boolean } | { ok: false; reason: string };

const b64decode = (s: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

function isLicenseData(v: unknown): v is LicenseData {
  if (typeof v !== 'object' || v === null) return false;
  const d = v as Record<string, unknown>;
  const limits = d.limits as Record<string, unknown> | undefined;
  return (
    typeof d.id === 'string' &&
    typeof d.organization === 'string' &&
    typeof d.valid === 'boolean' &&
    typeof d.issued === 'string' &&
    typeof d.valid_until === 'string' &&
    typeof d.features === 'object' &&
    d.features !== null &&
    typeof limits?.users === 'number' &&
    typeof limits.machines === 'number'
  );
}

export async function importPublicKeyPem(pem: string): Promise<CryptoKey> {
  const body = pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  return crypto.subtle.importKey('spki', b64decode(body), { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
}

export async function verifyLicenseKey(key: string, publicKeyPem: string, now = new Date()): Promise<KeyCheck> {
  let envelope: unknown;
  try {
    envelope = JSON.parse(new TextDecoder().decode(b64decode(key.trim())));
  } catch {
    return { ok: false, reason: 'not base64 of a JSON envelope' };
  }
  const env = envelope as { data?: unknown; signature?: unknown };
  if (typeof env.data !== 'string' || typeof env.signature !== 'string') return { ok: false, reason: 'envelope needs string data and signature' };
  let signature: Uint8Array<ArrayBuffer>;
  try {
    signature = b64decode(env.signature);
  } catch {
    return { ok: false, reason: 'signature is not base64' };
  }
  if (signature.length !== 64) return { ok: false, reason: 'signature must be 64 bytes (r || s)' };
  const ok = await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, await importPublicKeyPem(publicKeyPem), signature, new TextEncoder().encode(env.data));
  if (!ok) return { ok: false, reason: 'signature does not match' };
  let data: unknown;
  try {
    data = JSON.parse(env.data);
  } catch {
    return { ok: false, reason: 'data is not JSON' };
  }
  if (!isLicenseData(data)) return { ok: false, reason: 'data is missing required fields' };
  const until = Date.parse(data.valid_until);
  return { ok: true, data, expired: !data.valid || Number.isNaN(until) || until < now.getTime() };
}
