import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { UserDataError, buildUserData, releaseTagPattern, shellQuote } from './cloud-init';

describe('cloud-init user data', () => {
  const base = { version: '2.12.2', gpu: false, clusterDomain: 'deploy.example.com' };

  it('is a bash script that installs Docker and the platform at the given version', () => {
    const script = buildUserData(base);
    expect(script.startsWith('#!/bin/bash\n')).toBe(true);
    expect(script).toContain("PLATFORM_VERSION='2.12.2'");
    expect(script).toContain("CLUSTER_DOMAIN='deploy.example.com'");
    expect(script).toContain("INSTALLER_URL='https://get.helixml.tech/install.sh'");
    expect(script).toContain('https://get.docker.com');
    expect(script).toContain('./install.sh -y --cli --controlplane --api-host "$API_HOST" --helix-version "$PLATFORM_VERSION"');
    expect(script).not.toContain('nvidia');
    // valid bash syntax
    expect(spawnSync('bash', ['-n'], { input: script }).status).toBe(0);
  });

  it('adds the NVIDIA driver, container toolkit and a local runner for GPU machines', () => {
    const script = buildUserData({ ...base, gpu: true, version: '2.13.0-rc2' });
    expect(script).toContain("PLATFORM_VERSION='2.13.0-rc2'");
    expect(script).toContain('ubuntu-drivers install --gpgpu');
    expect(script).toContain('apt-get install -y nvidia-container-toolkit');
    expect(script).toContain('nvidia-ctk runtime configure --runtime=docker');
    expect(script).toContain('--cli --controlplane --runner');
    expect(spawnSync('bash', ['-n'], { input: script }).status).toBe(0);
  });

  it('gives the model-hub token to the install as --hf-token, with the trace (the install log) off', () => {
    const token = 'hf_Secret0123456789';
    const script = buildUserData({ ...base, gpu: true, modelHubToken: token });
    expect(script).toContain('--cli --controlplane --runner --api-host "$API_HOST" --helix-version "$PLATFORM_VERSION" --hf-token "$HF_TOKEN"');
    // run the install part as cloud-init does (set -x on), with a stand-in installer that prints its arguments' count
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hf-token-'));
    fs.writeFileSync(path.join(dir, 'install.sh'), '#!/bin/sh\necho "installer got $# arguments"\n', { mode: 0o755 });
    const lines = script.split('\n');
    const part = lines.slice(lines.indexOf('set +x') - 1, lines.indexOf('set -x') + 1).join('\n');
    const run = spawnSync('bash', ['-c', `set -x; cd ${dir}; API_HOST=h; PLATFORM_VERSION=1.0.0; ${part}`]);
    fs.rmSync(dir, { recursive: true, force: true });
    expect(run.stdout.toString()).toContain('installer got 10 arguments');
    expect(`${run.stdout.toString()}${run.stderr.toString()}`).not.toContain(token);
    expect(() => buildUserData({ ...base, modelHubToken: "x'; reboot" })).toThrow(UserDataError);
    expect(buildUserData(base)).not.toContain('--hf-token');
  });

  it('is deterministic', () => {
    expect(buildUserData(base)).toBe(buildUserData({ ...base }));
  });

  it('derives the UI host from the public IPv4 like the interop spec (dots → dashes)', () => {
    const script = buildUserData(base);
    const ipLine = script.split('\n').find((l) => l.startsWith('API_HOST='));
    const out = spawnSync('bash', ['-c', `PUBLIC_IP=203.0.113.7; CLUSTER_DOMAIN=deploy.example.com; ${ipLine ?? ''}; echo "$API_HOST"`])
      .stdout.toString()
      .trim();
    expect(out).toBe('https://203-0-113-7.deploy.example.com');
  });

  it.each(['2.12.2; rm -rf /', '$(reboot)', '`id`', "2.12.2' && id '", '2.12.2\necho pwned', 'v2.12.2', 'latest', '', '1.2', '2.12.2-rc1 --cli'])('rejects version %j', (version) => {
    expect(() => buildUserData({ ...base, version })).toThrow(UserDataError);
    expect(releaseTagPattern.test(version)).toBe(false);
  });

  it('rejects a cluster domain or installer URL that is not plain', () => {
    expect(() => buildUserData({ ...base, clusterDomain: 'x.com; reboot' })).toThrow(UserDataError);
    expect(() => buildUserData({ ...base, clusterDomain: '$(id).com' })).toThrow(UserDataError);
    expect(() => buildUserData({ ...base, installerUrl: 'http://get.example.com/install.sh' })).toThrow(UserDataError);
    expect(() => buildUserData({ ...base, installerUrl: 'https://x.com/i.sh?a=$(id)' })).toThrow(UserDataError);
    expect(buildUserData({ ...base, installerUrl: 'https://mirror.example.com/helix/install.sh' })).toContain("INSTALLER_URL='https://mirror.example.com/helix/install.sh'");
  });

  it('shellQuote keeps any string literal', () => {
    for (const s of ["it's", '$(id)', '`x`', 'a"b', 'line\nbreak']) {
      expect(spawnSync('bash', ['-c', `printf %s ${shellQuote(s)}`]).stdout.toString()).toBe(s);
    }
  });
});
