import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import os from 'node:os';
import { detectCgroups, joinScript, locateCgroups, prepareV2 } from './cgroups';

const hybridMountinfo = `25 1 254:0 / / rw,relatime - ext4 /dev/vda rw
30 25 0:26 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755
31 30 0:27 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw
32 30 0:28 / /sys/fs/cgroup/cpu,cpuacct rw,relatime - cgroup cgroup rw,cpu,cpuacct
33 30 0:29 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory
34 30 0:30 / /sys/fs/cgroup/pids rw,relatime - cgroup cgroup rw,pids
`;
const hybridCgroup = `12:pids:/system.slice/launchpad.service
4:memory:/system.slice/launchpad.service
3:cpu,cpuacct:/system.slice/launchpad.service
1:name=systemd:/system.slice/launchpad.service
0::/system.slice/launchpad.service
`;

describe('locating the server’s own groups', () => {
  it('a hybrid host (cgroup v1 controllers, an empty v2 hierarchy): the v1 memory, pids and cpu folders', () => {
    expect(locateCgroups(hybridMountinfo, hybridCgroup)).toEqual({
      v2: { own: '/sys/fs/cgroup/unified/system.slice/launchpad.service', top: '/sys/fs/cgroup/unified' },
      v1: {
        memory: '/sys/fs/cgroup/memory/system.slice/launchpad.service',
        pids: '/sys/fs/cgroup/pids/system.slice/launchpad.service',
        cpu: '/sys/fs/cgroup/cpu,cpuacct/system.slice/launchpad.service',
      },
    });
  });

  it('a v2 host (systemd service): its v2 folder only', () => {
    const mountinfo = '25 1 254:0 / / rw - ext4 /dev/vda rw\n35 25 0:31 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw,nsdelegate\n';
    expect(locateCgroups(mountinfo, '0::/system.slice/launchpad.service\n')).toEqual({ v2: { own: '/sys/fs/cgroup/system.slice/launchpad.service', top: '/sys/fs/cgroup' } });
  });

  it('a container whose cgroup mount is a subtree: paths below the mount root', () => {
    const mountinfo = '35 25 0:31 /docker/abc /sys/fs/cgroup ro,nosuid - cgroup2 cgroup2 rw\n';
    expect(locateCgroups(mountinfo, '0::/docker/abc/app\n')).toEqual({ v2: { own: '/sys/fs/cgroup/app', top: '/sys/fs/cgroup' } });
    expect(locateCgroups(mountinfo, '0::/elsewhere\n')).toEqual({});
  });

  it('a host missing a v1 controller has no v1 groups', () => {
    const mountinfo = hybridMountinfo.replace(/^34 .*\n/m, '');
    expect(locateCgroups(mountinfo, hybridCgroup).v1).toBeUndefined();
  });
});

describe('cgroup v2: where machine groups go', () => {
  const tree = (controllers: string) => {
    const top = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-cg2-'));
    const own = path.join(top, 'system.slice', 'launchpad.service');
    fs.mkdirSync(own, { recursive: true });
    for (const dir of [top, own]) {
      fs.writeFileSync(path.join(dir, 'cgroup.controllers'), controllers);
      fs.writeFileSync(path.join(dir, 'cgroup.subtree_control'), '');
    }
    return { top, own };
  };

  it("under the server's own group, which hands memory, pids and cpu down", () => {
    const { top, own } = tree('cpuset cpu io memory pids');
    try {
      expect(prepareV2(own, top)).toEqual({ base: own });
      expect(fs.readFileSync(path.join(own, 'cgroup.subtree_control'), 'utf8')).toBe('+memory +pids +cpu');
    } finally {
      fs.rmSync(top, { recursive: true, force: true });
    }
  });

  it('nowhere when a controller is missing, saying which', () => {
    const { top, own } = tree('cpu io memory');
    try {
      expect(prepareV2(own, top).reason).toBe(`the cgroup v2 controllers pids are not available in ${own}`);
    } finally {
      fs.rmSync(top, { recursive: true, force: true });
    }
  });
});

const detected = process.platform === 'linux' && process.getuid?.() === 0 ? detectCgroups() : { reason: 'not root on Linux' };
describe.runIf(detected.cgroups)('this host’s groups (root)', () => {
  it('a machine group holds a process started through the join line, with its limits, and is removed after it', () => {
    const cgroups = detected.cgroups!;
    const dirs = cgroups.create(`launchpad-test-${process.pid}`, { memoryMb: 128, maxProcesses: 20, cpus: 0.5 });
    try {
      const pidsDir = dirs.find((d) => fs.existsSync(path.join(d, 'pids.max')))!;
      expect(fs.readFileSync(path.join(pidsDir, 'pids.max'), 'utf8').trim()).toBe('20');
      const res = spawnSync('/bin/sh', ['-c', `${joinScript(dirs)}; exec cat /proc/self/cgroup`], { encoding: 'utf8' });
      expect(res.status).toBe(0);
      // one line per hierarchy names the group: memory, pids, cpu (v1) or the one v2 group
      expect(res.stdout.split('\n').filter((line) => line.endsWith(`/launchpad-test-${process.pid}`))).toHaveLength(dirs.length);
      expect(cgroups.pids(dirs)).toEqual([]);
    } finally {
      expect(cgroups.remove(dirs)).toBe(true);
    }
    for (const dir of dirs) expect(fs.existsSync(dir)).toBe(false);
  });
});
