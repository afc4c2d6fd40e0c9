import { createPublicKey, generateKeyPairSync, verify as nodeVerify } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyLicenseKey, type LicenseData } from '../../shared/licenses/key';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { installationSettings } from '../db/schema';
import { keyHash, licenseKeyPem, loadLicenseSigner } from './signing-key';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-license-'));
const database = await openDatabase({ url: undefined, dataDir: dir });
afterAll(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
const newPem = () => generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

const data: LicenseData = {
  id: 'lic_abcdefghij0123456789',
  organization: 'Acme Research',
  valid: true,
  issued: '2026-11-23T00:00:00.000Z',
  valid_until: '2027-11-23T00:00:00.000Z',
  features: { users: true },
  limits: { users: 20, machines: 2 },
  email: 'ops@acme.test',
};

/** An independent reading of the interop rules with Node's crypto, as an installation would check a key. */
function installationAccepts(key: string, publicKeyPem: string): boolean {
  const envelope = JSON.parse(Buffer.from(key, 'base64').toString('utf8')) as { data: string; signature: string };
  const sig = Buffer.from(envelope.signature, 'base64');
  if (sig.length !== 64) return false;
  const ok = nodeVerify('sha256', Buffer.from(envelope.data, 'utf8'), { key: createPublicKey(publicKeyPem), dsaEncoding: 'ieee-p1363' }, sig);
  const parsed = JSON.parse(envelope.data) as LicenseData;
  return ok && parsed.valid && Date.parse(parsed.valid_until) > Date.parse('2026-12-01T00:00:00Z');
}

describe('license keys', async () => {
  const pem = await licenseKeyPem({ configured: undefined, db: database.db, dataDir: dir });
  const signer = loadLicenseSigner(pem);

  it('makes one key pair in the database and keeps it', async () => {
    expect(fs.existsSync(path.join(dir, 'license-signing-key.pem'))).toBe(false);
    expect(await licenseKeyPem({ configured: undefined, db: database.db, dataDir: dir })).toBe(pem);
    expect(signer.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
  });

  it('takes a data folder key from before into the database, and refuses one that differs from it', async () => {
    const file = path.join(dir, 'license-signing-key.pem');
    const stored = eq(installationSettings.key, 'license_signing_key');
    await database.db.delete(installationSettings).where(stored);
    try {
      const before = newPem();
      fs.writeFileSync(file, before);
      expect(await licenseKeyPem({ configured: undefined, db: database.db, dataDir: dir })).toBe(before);
      fs.writeFileSync(file, newPem());
      await expect(licenseKeyPem({ configured: undefined, db: database.db, dataDir: dir })).rejects.toThrow(
        /license-signing-key.pem holds a licence-signing key other than the one the database shares/,
      );
    } finally {
      fs.rmSync(file);
      await database.db.update(installationSettings).set({ value: pem }).where(stored);
    }
  });

  it('signs keys the shared verifier and an independent implementation both accept', async () => {
    const key = signer.issue(data);
    const check = await verifyLicenseKey(key, signer.publicKeyPem, new Date('2026-12-01T00:00:00Z'));
    expect(check).toEqual({ ok: true, data, expired: false });
    expect(installationAccepts(key, signer.publicKeyPem)).toBe(true);
    // The envelope is exactly {data, signature} with data as a JSON string.
    const envelope = JSON.parse(Buffer.from(key, 'base64').toString('utf8')) as Record<string, unknown>;
    expect(Object.keys(envelope).sort()).toEqual(['data', 'signature']);
    expect(typeof envelope.data).toBe('string');
    expect(keyHash(key)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('rejects a tampered key, a key from another signer and garbage; flags an expired key', async () => {
    const key = signer.issue(data);
    const envelope = JSON.parse(Buffer.from(key, 'base64').toString('utf8')) as { data: string; signature: string };
    const tampered = Buffer.from(JSON.stringify({ ...envelope, data: envelope.data.replace('"users":20', '"users":2000') })).toString('base64');
    expect(await verifyLicenseKey(tampered, signer.publicKeyPem)).toEqual({ ok: false, reason: 'signature does not match' });
    expect(installationAccepts(tampered, signer.publicKeyPem)).toBe(false);

    const other = loadLicenseSigner(newPem());
    expect((await verifyLicenseKey(other.issue(data), signer.publicKeyPem)).ok).toBe(false);

    expect((await verifyLicenseKey('not a key', signer.publicKeyPem)).ok).toBe(false);
    const expired = await verifyLicenseKey(signer.issue({ ...data, valid_until: '2020-01-01T00:00:00Z' }), signer.publicKeyPem);
    expect(expired.ok && expired.expired).toBe(true);
  });

  it('uses a configured private key and refuses one of the wrong kind', async () => {
    const configured = newPem();
    expect(await licenseKeyPem({ configured, db: database.db, dataDir: '/nonexistent' })).toBe(configured);
    expect(loadLicenseSigner(pem.replace(/\n/g, '\\n')).publicKeyPem).toBe(signer.publicKeyPem);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(() => loadLicenseSigner(rsa)).toThrow(/P-256/);
  });
});
