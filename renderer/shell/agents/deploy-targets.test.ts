import { describe, expect, it } from 'vitest';
import type { WireDeploymentStatus } from '../../../shared/deployments/vocabulary';
import { builtInTargets, deployMenuEntries, menuPlacement } from './deploy-targets';

const base = { productName: 'Acme', brandId: 'acme', cloudUrl: 'https://app.acme.test', localhostUrl: 'http://localhost:8080' };
const own = (id: string, name: string, is_default = false) => ({ id, name, description: `${name} box`, url: `https://${id}.test`, is_default });
const managed = (id: string, status: WireDeploymentStatus, ipv4: string | null, ui_url: string | null = null) => ({ id, name: `vm ${id}`, status, ipv4, ui_url });

describe('deploy menu entries', () => {
  it('always starts with {product} Cloud and Localhost, both default and not deletable', () => {
    expect(deployMenuEntries({ ...base, privateDeployments: [], managed: [] })).toEqual([
      { id: 'acme-cloud', name: 'Acme Cloud', description: 'The official hosted platform', url: 'https://app.acme.test', kind: 'cloud', isDefault: true, deletable: false },
      { id: 'localhost', name: 'Localhost', description: 'Local Docker deployment on port 8080', url: 'http://localhost:8080', kind: 'localhost', isDefault: true, deletable: false },
    ]);
    expect(builtInTargets(base).map((t) => t.id)).toEqual(['acme-cloud', 'localhost']);
  });

  it.each([
    ['a private deployment', [own('cd_1', 'Lab')], [], ['acme-cloud', 'localhost', 'cd_1']],
    ['one named like the cloud built-in', [own('cd_1', 'Acme Cloud'), own('cd_2', 'Lab')], [], ['acme-cloud', 'localhost', 'cd_2']],
    ['one named Localhost (any case)', [own('local-0', ' localhost ')], [], ['acme-cloud', 'localhost']],
    ['a running managed deployment with ipv4', [], [managed('m1', 'running', '10.1.2.3')], ['acme-cloud', 'localhost', 'managed-m1']],
    ['a managed one still installing', [], [managed('m1', 'installing', '10.1.2.3')], ['acme-cloud', 'localhost']],
    ['a running managed one without ipv4', [], [managed('m1', 'running', null)], ['acme-cloud', 'localhost']],
    ['a failed managed one', [], [managed('m1', 'failed', '10.1.2.3')], ['acme-cloud', 'localhost']],
  ])('with %s', (_what, privateDeployments, managedList, ids) => {
    expect(deployMenuEntries({ ...base, privateDeployments, managed: managedList }).map((t) => t.id)).toEqual(ids);
  });

  it('shows managed deployments as Hosted deployment at their address, and private ones deletable', () => {
    const entries = deployMenuEntries({
      ...base,
      privateDeployments: [own('cd_1', 'Lab', true)],
      managed: [managed('m1', 'running', '10.1.2.3', 'https://10-1-2-3.deploy.test/'), managed('m2', 'running', '10.9.9.9')],
    });
    expect(entries.slice(2)).toEqual([
      { id: 'cd_1', name: 'Lab', description: 'Lab box', url: 'https://cd_1.test', kind: 'private', isDefault: true, deletable: true },
      { id: 'managed-m1', name: 'vm m1', description: 'Hosted deployment', url: 'https://10-1-2-3.deploy.test/', kind: 'managed', isDefault: false, deletable: false },
      { id: 'managed-m2', name: 'vm m2', description: 'Hosted deployment', url: 'http://10.9.9.9', kind: 'managed', isDefault: false, deletable: false },
    ]);
  });
});

describe('menu placement', () => {
  const viewport = { width: 1200, height: 800 };
  const button = (top: number, right = 600, left = right - 100) => ({ top, bottom: top + 32, left, right });

  it.each([
    ['room below', button(100), 300, 'below', 136],
    ['no room below, more above', button(600), 300, 'above', 296],
    ['no room either way, more below', button(200), 700, 'below', 236],
    ['no room either way, more above', button(500), 700, 'above', 10],
  ])('%s opens %s', (_what, rect, height, side, top) => {
    const p = menuPlacement(rect, viewport, height);
    expect(p.side).toBe(side);
    expect(p.top).toBe(top);
    expect(p.top).toBeGreaterThanOrEqual(10);
    expect(p.top + Math.min(height, p.maxHeight)).toBeLessThanOrEqual(viewport.height - 10);
  });

  it.each([
    ['room above under the header', button(600), 300, 'above', 296],
    ['too little room above under the header, more above', button(500), 700, 'above', 70],
    ['a button scrolled under the header', button(20), 300, 'below', 70],
  ])('with a 60 px header: %s opens %s from %i, never over the header', (_what, rect, height, side, top) => {
    const p = menuPlacement(rect, { ...viewport, top: 60 }, height);
    expect(p.side).toBe(side);
    expect(p.top).toBe(top);
    expect(p.top).toBeGreaterThanOrEqual(70);
    expect(p.top + Math.min(height, p.maxHeight)).toBeLessThanOrEqual(viewport.height - 10);
  });

  it.each([
    ['right-aligned with the button', 600, 1200, 280, 320],
    ['held 10 px from the left edge', 150, 1200, 10, 320],
    ['held 10 px from the right edge', 1250, 1200, 870, 320],
    ['narrower than 320 on a small screen', 200, 300, 10, 280],
  ])('%s', (_what, right, width, left, menuW) => {
    const p = menuPlacement(button(100, right), { width, height: 800 }, 200);
    expect(p.left).toBe(left);
    expect(p.width).toBe(menuW);
  });
});
