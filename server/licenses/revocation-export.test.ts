import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { compileRevokedMap, isRevokedIn, shippedBlock } from '../../test/support/platform-revocation';
import { goMapBlock, goMapLinesSince, type RevokedEntry } from '../../shared/licenses/revocation-export';

const sha = (id: string) => createHash('sha256').update(id).digest('hex');
const entry = (id: string, n: number, revoked_at: string): RevokedEntry => ({ sha256: sha(id), code: `LP${n}`, revoked_at });
const march = [entry('lic_aaaaaaaaaaaaaaaaaaaa', 1, '2026-03-02T10:00:00.000Z'), entry('lic_bbbbbbbbbbbbbbbbbbbb', 2, '2026-03-20T23:59:00.000Z')];
const later = [...march, entry('lic_cccccccccccccccccccc', 3, '2026-05-01T00:00:00.000Z')];
/** license.go of a release that carries what was pasted in March, with the rest of the file around the block */
const releasedFile = `package license\n\n${shippedBlock(goMapLinesSince(march))}\nfunc isRevoked(id string) bool { return false }\n`;

describe('the revoked list pasted into the platform (a port of its check)', () => {
  it('pasting everything again after a release that carries the earlier lines breaks the build: duplicate keys', () => {
    const again = releasedFile.replace('}\n\nfunc', `${goMapLinesSince(later)}}\n\nfunc`);
    expect(() => compileRevokedMap(again)).toThrow(/duplicate key/);
  });

  it('the lines since a date add only the newer revocations, and every revoked id is refused', () => {
    const since = goMapLinesSince(later, '2026-03-21');
    expect(since).toBe(`\t"${sha('lic_cccccccccccccccccccc')}": "LP3",\n`);
    const map = compileRevokedMap(releasedFile.replace('}\n\nfunc', `${since}}\n\nfunc`));
    for (const id of ['lic_aaaaaaaaaaaaaaaaaaaa', 'lic_bbbbbbbbbbbbbbbbbbbb', 'lic_cccccccccccccccccccc']) expect(isRevokedIn(map, id).revoked).toBe(true);
    expect(isRevokedIn(map, 'lic_dddddddddddddddddddd').revoked).toBe(false);
    // a date counts from its start (UTC): the entry of that very day is in
    expect(goMapLinesSince(later, '2026-03-20')).toContain('LP2');
  });

  it('the whole block replaces the one in license.go, keeping the platform’s own entry', () => {
    const replaced = releasedFile.replace(/var revokedLicenseIDHashes = map\[string\]string\{\n[\s\S]*?\}\n/, goMapBlock(later));
    const map = compileRevokedMap(replaced);
    expect(map.size).toBe(4);
    expect(map.get('aa835eb0d68ead085885ebf76544dab4371e6fcd5859ce9e7827aa7e4e3820fa')).toBe('R1');
    expect(isRevokedIn(map, 'lic_cccccccccccccccccccc')).toEqual({ code: 'LP3', revoked: true });
  });
});
