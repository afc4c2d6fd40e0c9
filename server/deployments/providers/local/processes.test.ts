import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { machinePidRecord, readMachinePid } from './processes';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'machine-pid-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const recorded = (text: string) => {
  const file = path.join(dir, `machine-${Math.random()}.pid`);
  fs.writeFileSync(file, text);
  return readMachinePid(file);
};

describe("a machine's recorded pid", () => {
  it('is signalled by the instance that started it', () => {
    expect(recorded(machinePidRecord(process.pid))).toBe(process.pid);
  });

  it("is never signalled from another container's pid namespace (two replicas on one data volume)", () => {
    const [pid, , started] = machinePidRecord(process.pid).trim().split(' ');
    expect(recorded(`${pid} pid:[1] ${started}`)).toBeUndefined();
  });

  it('is not signalled once the pid belongs to another process (reused)', () => {
    const [pid, namespace] = machinePidRecord(process.pid).trim().split(' ');
    expect(recorded(`${pid} ${namespace} 1`)).toBeUndefined();
  });

  it("keeps an earlier release's bare number; refuses nonsense", () => {
    expect(recorded(`${process.pid}\n`)).toBe(process.pid);
    expect(recorded('1')).toBeUndefined();
    expect(recorded('x y z')).toBeUndefined();
  });
});
