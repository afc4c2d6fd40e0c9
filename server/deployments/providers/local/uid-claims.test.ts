import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimUid, releaseUid, type UidPool } from './uid-claims';

describe('host-wide machine uid claims', () => {
  let dir: string;
  let pool: UidPool;
  /** machine folders that exist (live machines) */
  const machine = (name: string) => {
    const folder = path.join(dir, 'machines', name);
    fs.mkdirSync(folder, { recursive: true });
    return folder;
  };

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-uid-claims-'));
    // uids far above any account of this host, so no process runs as them
    pool = { claimsDir: path.join(dir, 'claims'), base: 1_900_000_000, span: 50 };
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('gives two instances’ machines different uids, and a released uid to the next machine', () => {
    const a = claimUid(pool, machine('instance-a/m1'));
    const b = claimUid(pool, machine('instance-b/m1'));
    expect([a, b]).toEqual([pool.base, pool.base + 1]);
    releaseUid(pool, a, path.join(dir, 'machines', 'instance-a/m1'));
    expect(claimUid(pool, machine('instance-b/m2'))).toBe(pool.base);
  });

  it('releases only its own claim', () => {
    const uid = claimUid(pool, machine('a'));
    releaseUid(pool, uid, path.join(dir, 'machines', 'someone-else'));
    expect(claimUid(pool, machine('b'))).toBe(uid + 1);
  });

  it('takes back a claim whose machine folder is gone, never one whose machine exists or is being written', () => {
    const gone = machine('gone');
    const kept = claimUid(pool, machine('kept'));
    const stale = claimUid(pool, gone);
    fs.writeFileSync(path.join(pool.claimsDir, String(pool.base + 2)), '');
    fs.rmSync(gone, { recursive: true });
    expect(claimUid(pool, machine('new'))).toBe(stale);
    expect(claimUid(pool, machine('next'))).toBe(pool.base + 3);
    expect(fs.readFileSync(path.join(pool.claimsDir, String(kept)), 'utf8')).toBe(path.join(dir, 'machines', 'kept'));
  });

  it('says so when every uid is taken', () => {
    const small = { ...pool, span: 2 };
    claimUid(small, machine('1'));
    claimUid(small, machine('2'));
    expect(() => claimUid(small, machine('3'))).toThrow('no free machine account: too many local machines');
  });

  it('hands 8 processes claiming 10 uids each at once 80 different uids, with stale claims in the way', async () => {
    const wide = { ...pool, span: 200 };
    fs.mkdirSync(wide.claimsDir, { recursive: true });
    for (let i = 0; i < 20; i++) fs.writeFileSync(path.join(wide.claimsDir, String(wide.base + i * 3)), path.join(dir, 'machines', `long-gone-${i}`), { flag: 'w' });
    const module = path.resolve('server/deployments/providers/local/uid-claims.ts');
    const claimer = (n: number) =>
      new Promise<number[]>((resolve, reject) => {
        const code = `import { claimUid } from ${JSON.stringify(module)}; import fs from 'node:fs';
          const uids = []; for (let i = 0; i < 10; i++) { const owner = ${JSON.stringify(dir)} + '/machines/p${n}-' + i; fs.mkdirSync(owner, { recursive: true }); uids.push(claimUid(${JSON.stringify(wide)}, owner)); }
          process.stdout.write(JSON.stringify(uids));`;
        const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
        let out = '';
        child.stdout.on('data', (d: Buffer) => (out += d.toString()));
        child.on('error', reject);
        child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as number[]) : reject(new Error(`claimer ${n} exited ${code}`))));
      });
    const uids = (await Promise.all(Array.from({ length: 8 }, (_, n) => claimer(n)))).flat();
    expect(uids).toHaveLength(80);
    expect(new Set(uids).size).toBe(80);
    // each claim names its own machine
    for (const uid of uids) expect(fs.readFileSync(path.join(wide.claimsDir, String(uid)), 'utf8')).toMatch(/\/machines\/p\d-\d$/);
  }, 60_000);
});
