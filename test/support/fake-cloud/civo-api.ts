import { randomUUID } from 'node:crypto';
import { json, paginate, str, type FakeRequest, type FakeResponse } from './http-util';
import type { KeyRing } from './key-ring';

/**
 * In-memory Civo API v2 (civo.com/api: instances, sshkeys, networks, disk_images) with the documented
 * request fields (form-encoded or JSON), response shapes and `{code, reason}` error bodies.
 * Civo publishes no error-status table; missing or unknown parameters answer 400 here. Duplicates
 * answer 400 too, with the `database_*_duplicate_name` code: civogo's decodeError recognises them by
 * that code alone, so a client that waits for a 409 would not.
 *
 * SSH keys belong to a region, like everything civogo touches (it sends `region` on every request,
 * POST /v2/sshkeys included): a request without one lands in the account's default region
 * (`defaultRegion`, LON1), and an instance can only use a key of its own region.
 */

export interface FakeCivoInstance {
  id: string;
  hostname: string;
  size: string;
  region: string;
  network_id: string;
  template_id: string;
  initial_user: string;
  ssh_key_id: string | null;
  tags: string[];
  script: string;
  status: 'BUILDING' | 'ACTIVE' | 'SHUTOFF';
  public_ip: string | null;
  created_at: string;
  gets: number;
}

export const civoError = (status: number, code: string, reason: string): FakeResponse => json(status, { code, reason });

/**
 * A few rows of GET /v2/sizes as Civo answers it: one list for instances, Kubernetes nodes and
 * databases, told apart by `type`; the Kubernetes node sizes carry `.kube.` in the name
 * (an.g1.l40s.kube.x1 is the node twin of the instance size an.g1.l40s.x1).
 */
export const civoSizes = [
  { type: 'Instance', name: 'g3.small', nice_name: 'Small', cpu_cores: 1, gpu_count: 0, ram_mb: 2048, disk_gb: 25, selectable: true },
  { type: 'Instance', name: 'g4s.medium', nice_name: 'Medium', cpu_cores: 2, gpu_count: 0, ram_mb: 4096, disk_gb: 50, selectable: true },
  { type: 'Instance', name: 'an.g1.l40s.x1', nice_name: 'Small - Nvidia L40S 40GB', cpu_cores: 12, gpu_count: 1, gpu_type: 'nvidia.com/AD102GL_L40S', ram_mb: 98304, disk_gb: 200, selectable: true },
  {
    type: 'Instance',
    name: 'g4g.medium',
    nice_name: 'Medium - Nvidia A100 80GB',
    cpu_cores: 24,
    gpu_count: 2,
    gpu_type: 'nvidia.com/GA100_A100_PCIE_80GB',
    ram_mb: 196608,
    disk_gb: 400,
    selectable: true,
  },
  { type: 'Kubernetes', name: 'g4s.kube.medium', nice_name: 'Medium', cpu_cores: 2, gpu_count: 0, ram_mb: 4096, disk_gb: 50, selectable: true },
  {
    type: 'Kubernetes',
    name: 'an.g1.l40s.kube.x1',
    nice_name: 'Small - Nvidia L40S 40GB',
    cpu_cores: 12,
    gpu_count: 1,
    gpu_type: 'nvidia.com/AD102GL_L40S',
    ram_mb: 98304,
    disk_gb: 200,
    selectable: true,
  },
] as const;

export class FakeCivo {
  readonly instances = new Map<string, FakeCivoInstance>();
  readonly sshKeys = new Map<string, { id: string; name: string; public_key: string; region: string }>();
  readonly networkId = randomUUID();
  readonly diskImages: { id: string; name: string; version: string; state: string; distribution: string }[];

  constructor(private readonly o: { keyRing: KeyRing; now: () => number; getsUntilRunning: number; ipv4: string; region: string; defaultRegion?: string }) {
    this.diskImages = [
      { id: randomUUID(), name: 'ubuntu-jammy', version: '22.04', state: 'available', distribution: 'ubuntu' },
      { id: randomUUID(), name: 'ubuntu-noble', version: '24.04', state: 'available', distribution: 'ubuntu' },
    ];
  }

  handle(req: FakeRequest): FakeResponse {
    if (req.body === null) return civoError(400, 'invalid_body', 'The request body could not be parsed');
    const [resource, id, extra] = req.segments;
    const region = req.query.get('region') ?? (typeof req.body?.region === 'string' ? req.body.region : undefined);
    const regions = [this.o.region, (this.o.defaultRegion ?? 'LON1').toUpperCase()];
    if (region !== undefined && !regions.includes(region.toUpperCase())) return civoError(400, 'region_unavailable', `The region ${region} is not available`);
    if (extra !== undefined) return civoError(404, 'not_found', 'Unknown endpoint');
    if (resource === 'networks' && id === undefined && req.method === 'GET') {
      return json(200, [{ id: this.networkId, name: 'cust-default', default: true, cidr: '192.168.1.0/24', label: 'Default', region: this.o.region, status: 'Active' }]);
    }
    if (resource === 'disk_images' && id === undefined && req.method === 'GET') return json(200, this.diskImages);
    if (resource === 'sizes' && id === undefined && req.method === 'GET') return json(200, civoSizes);
    if (resource === 'sshkeys') {
      const keyRegion = (region ?? this.o.defaultRegion ?? 'LON1').toUpperCase();
      // civogo's ListSSHKeys decodes a plain JSON array
      if (id === undefined)
        return req.method === 'POST'
          ? this.createKey(req.body ?? {}, keyRegion)
          : req.method === 'GET'
            ? json(
                200,
                [...this.sshKeys.values()].filter((k) => k.region === keyRegion).map(({ id: keyId, name, public_key }) => ({ id: keyId, name, public_key, fingerprint: '' })),
              )
            : civoError(405, 'method_not_allowed', 'Method not allowed');
      if (req.method === 'DELETE') return this.deleteKey(id);
    }
    if (resource === 'instances') {
      if (id === undefined)
        return req.method === 'POST' ? this.createInstance(req.body ?? {}) : req.method === 'GET' ? this.listInstances(req.query) : civoError(405, 'method_not_allowed', 'Method not allowed');
      if (req.method === 'GET') return this.getInstance(id);
      if (req.method === 'DELETE') return this.deleteInstance(id);
    }
    return civoError(404, 'not_found', 'Unknown endpoint');
  }

  private listed(items: unknown[], query: URLSearchParams): FakeResponse {
    const p = paginate(items, query, 20, 100);
    return json(200, { page: p.page, per_page: p.perPage, pages: p.lastPage, items: p.slice });
  }

  private instanceJson(i: FakeCivoInstance) {
    return {
      id: i.id,
      name: `${i.hostname}-${i.id.slice(0, 8)}`,
      hostname: i.hostname,
      account_id: 'fake-account',
      size: i.size,
      region: i.region,
      firewall_id: 'default',
      source_type: 'diskimage',
      source_id: this.diskImages.find((d) => d.id === i.template_id)?.name ?? i.template_id,
      network_id: i.network_id,
      initial_user: i.initial_user,
      ssh_key_id: i.ssh_key_id,
      tags: i.tags,
      status: i.status,
      public_ip: i.public_ip,
      private_ip: i.status === 'ACTIVE' ? '192.168.1.2' : null,
      ipv6: null,
      notes: '',
      reverse_dns: '',
      created_at: i.created_at,
    };
  }

  private createKey(body: Record<string, unknown>, region: string): FakeResponse {
    const name = str(body.name);
    const publicKey = str(body.public_key);
    if (!name) return civoError(400, 'parameter_name_missing', 'The name parameter is required');
    if (!publicKey) return civoError(400, 'parameter_public_key_missing', 'The public_key parameter is required');
    if ([...this.sshKeys.values()].some((k) => k.name === name && k.region === region)) return civoError(400, 'database_ssh_key_duplicate_name', 'An SSH key with this name already exists');
    const id = randomUUID();
    if (!this.o.keyRing.add(`civo:${id}`, publicKey)) return civoError(400, 'ssh_key_invalid', 'The public key could not be read');
    this.sshKeys.set(id, { id, name, public_key: publicKey, region });
    return json(200, { result: 'success', id });
  }

  private deleteKey(id: string): FakeResponse {
    // Instances keep the keys they were built with, so the fake SSH server still accepts this one.
    if (!this.sshKeys.delete(id)) return civoError(404, 'database_ssh_key_not_found', 'Failed to find the SSH key');
    return json(200, { result: 'success' });
  }

  private createInstance(body: Record<string, unknown>): FakeResponse {
    for (const field of ['hostname', 'size', 'template_id', 'network_id'] as const) {
      if (!str(body[field])) return civoError(400, `parameter_${field}_missing`, `The ${field} parameter is required`);
    }
    const hostname = String(body.hostname);
    if (!/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9-]+)*$/i.test(hostname)) return civoError(400, 'parameter_hostname_invalid', 'The hostname is not valid');
    if (!civoSizes.some((z) => z.type === 'Instance' && z.name === body.size)) return civoError(400, 'database_size_not_found', 'Failed to find the size within the internal database');
    if (body.network_id !== this.networkId) return civoError(400, 'database_network_not_found', 'Failed to find the network');
    if (!this.diskImages.some((d) => d.id === body.template_id)) return civoError(400, 'database_disk_image_not_found', 'Failed to find the disk image');
    const sshKeyId = str(body.ssh_key_id) ?? null;
    const instanceRegion = (str(body.region) ?? this.o.defaultRegion ?? 'LON1').toUpperCase();
    if (sshKeyId && this.sshKeys.get(sshKeyId)?.region !== instanceRegion) return civoError(400, 'database_ssh_key_not_found', 'Failed to find the SSH key');
    if ([...this.instances.values()].some((i) => i.hostname === hostname)) return civoError(400, 'database_instance_duplicate_name', 'An instance with this hostname already exists');
    const tags = Array.isArray(body.tags) ? body.tags.map(String) : (str(body.tags) ?? '').split(/\s+/).filter(Boolean);
    const instance: FakeCivoInstance = {
      id: randomUUID(),
      hostname,
      size: String(body.size),
      region: instanceRegion,
      network_id: String(body.network_id),
      template_id: String(body.template_id),
      initial_user: str(body.initial_user) ?? 'civo',
      ssh_key_id: sshKeyId,
      tags,
      script: str(body.script) ?? '',
      status: 'BUILDING',
      public_ip: null,
      created_at: new Date(this.o.now()).toISOString(),
      gets: 0,
    };
    this.instances.set(instance.id, instance);
    return json(200, this.instanceJson(instance));
  }

  private getInstance(id: string): FakeResponse {
    const instance = this.instances.get(id);
    if (!instance) return civoError(404, 'database_instance_not_found', 'Failed to find the instance within the internal database');
    instance.gets++;
    if (instance.status === 'BUILDING' && instance.gets >= this.o.getsUntilRunning) {
      instance.status = 'ACTIVE';
      instance.public_ip = this.o.ipv4;
    }
    return json(200, this.instanceJson(instance));
  }

  private listInstances(query: URLSearchParams): FakeResponse {
    const wanted = (query.get('tags') ?? '').split(/[\s,]+/).filter(Boolean);
    const items = [...this.instances.values()].filter((i) => wanted.every((t) => i.tags.includes(t)));
    return this.listed(
      items.map((i) => this.instanceJson(i)),
      query,
    );
  }

  private deleteInstance(id: string): FakeResponse {
    if (!this.instances.delete(id)) return civoError(404, 'database_instance_not_found', 'Failed to find the instance within the internal database');
    return json(200, { result: 'success' });
  }
}
