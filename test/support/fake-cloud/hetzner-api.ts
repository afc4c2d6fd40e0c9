import { json, paginate, str, type FakeRequest, type FakeResponse } from './http-util';
import { md5Fingerprint, type KeyRing } from './key-ring';
import { invalidLabel, labelSelectorMatcher } from './label-selector';

/**
 * In-memory Hetzner Cloud API v1 (docs.hetzner.cloud): servers and SSH keys, the documented
 * request/response shapes and error codes, and the hourly rate limit with its `RateLimit-*` headers.
 */

export interface FakeHetznerServer {
  id: number;
  name: string;
  status: 'initializing' | 'starting' | 'running' | 'off' | 'deleting';
  server_type: string;
  image: string;
  location: string;
  labels: Record<string, string>;
  ssh_keys: number[];
  user_data: string | undefined;
  created: string;
  gets: number;
}

export interface FakeHetznerSshKey {
  id: number;
  name: string;
  public_key: string;
  fingerprint: string;
  labels: Record<string, string>;
  created: string;
}

const hostname = /^(?=.{1,63}$)[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?$/;

export const hetznerError = (status: number, code: string, message: string, details?: unknown): FakeResponse => json(status, { error: { code, message, details: details ?? null } });
const notFound = (what: string) => hetznerError(404, 'not_found', `${what} not found`);
const invalidInput = (field: string, message: string) => hetznerError(422, 'invalid_input', `invalid input in field '${field}': ${message}`, { fields: [{ name: field, messages: [message] }] });

/** Token bucket behind the documented headers: `limit` per hour, refilled one request at a time. */
export class HourlyRateLimit {
  remaining: number;
  private lastRefill: number;

  constructor(
    public limit: number,
    private readonly now: () => number,
  ) {
    this.remaining = limit;
    this.lastRefill = now();
  }

  private refill() {
    const per = 3_600_000 / this.limit;
    const earned = Math.floor((this.now() - this.lastRefill) / per);
    if (earned > 0) {
      this.remaining = Math.min(this.limit, this.remaining + earned);
      this.lastRefill += earned * per;
    }
    if (this.remaining === this.limit) this.lastRefill = this.now();
  }

  /** Puts the bucket at `remaining` as of now (tests). */
  set(remaining: number): void {
    this.remaining = remaining;
    this.lastRefill = this.now();
  }

  /** Spends one request; false when none is left. */
  take(): boolean {
    this.refill();
    if (this.remaining <= 0) return false;
    this.remaining--;
    return true;
  }

  headers(): Record<string, string> {
    const secondsToFull = Math.ceil(((this.limit - this.remaining) * 3600) / this.limit);
    return {
      'RateLimit-Limit': String(this.limit),
      'RateLimit-Remaining': String(this.remaining),
      'RateLimit-Reset': String(Math.floor(this.now() / 1000) + secondsToFull),
    };
  }
}

export class FakeHetzner {
  readonly servers = new Map<number, FakeHetznerServer>();
  readonly sshKeys = new Map<number, FakeHetznerSshKey>();
  readonly rateLimit: HourlyRateLimit;
  private nextId = 1000;

  constructor(private readonly o: { keyRing: KeyRing; now: () => number; getsUntilRunning: number; ipv4: string; rateLimitPerHour: number }) {
    this.rateLimit = new HourlyRateLimit(o.rateLimitPerHour, o.now);
  }

  handle(req: FakeRequest): FakeResponse {
    if (req.body === null) return hetznerError(400, 'json_error', 'invalid JSON input in your request');
    const [resource, id, extra] = req.segments;
    if (extra !== undefined) return notFound('resource');
    if (resource === 'servers') {
      if (id === undefined)
        return req.method === 'POST' ? this.createServer(req.body ?? {}) : req.method === 'GET' ? this.listServers(req.query) : hetznerError(405, 'method_not_allowed', 'method not allowed');
      if (req.method === 'GET') return this.getServer(id);
      if (req.method === 'DELETE') return this.deleteServer(id);
    }
    if (resource === 'ssh_keys') {
      if (id === undefined)
        return req.method === 'POST' ? this.createKey(req.body ?? {}) : req.method === 'GET' ? this.listKeys(req.query) : hetznerError(405, 'method_not_allowed', 'method not allowed');
      if (req.method === 'DELETE') return this.deleteKey(id);
      if (req.method === 'GET') {
        const key = this.sshKeys.get(Number(id));
        return key ? json(200, { ssh_key: this.keyJson(key) }) : notFound('SSH key');
      }
    }
    return notFound('resource');
  }

  private timestamp = () => new Date(this.o.now()).toISOString();

  private serverJson(s: FakeHetznerServer) {
    const ipv4 = { id: s.id + 500_000, ip: this.o.ipv4, blocked: false, dns_ptr: `static.${this.o.ipv4}.clients.your-server.de` };
    return {
      id: s.id,
      name: s.name,
      status: s.status,
      created: s.created,
      public_net: { ipv4, ipv6: null, floating_ips: [], firewalls: [] },
      private_net: [],
      server_type: { name: s.server_type },
      datacenter: { name: `${s.location}-dc3`, location: { name: s.location } },
      image: { name: s.image, type: 'system' },
      labels: s.labels,
      locked: false,
      protection: { delete: false, rebuild: false },
    };
  }

  private keyJson = (k: FakeHetznerSshKey) => ({ id: k.id, name: k.name, fingerprint: k.fingerprint, public_key: k.public_key, labels: k.labels, created: k.created });

  private action(command: string, resourceId: number) {
    return { id: this.nextId++, command, status: 'running', progress: 0, started: this.timestamp(), finished: null, resources: [{ id: resourceId, type: 'server' }], error: null };
  }

  private listed(key: 'servers' | 'ssh_keys', items: unknown[], query: URLSearchParams): FakeResponse {
    const p = paginate(items, query, 25, 50);
    const pagination = {
      page: p.page,
      per_page: p.perPage,
      previous_page: p.page > 1 ? p.page - 1 : null,
      next_page: p.page < p.lastPage ? p.page + 1 : null,
      last_page: p.lastPage,
      total_entries: items.length,
    };
    return json(200, { [key]: p.slice, meta: { pagination } });
  }

  private filter<T extends { name: string; labels: Record<string, string> }>(items: T[], query: URLSearchParams): T[] | FakeResponse {
    const selector = query.get('label_selector');
    const match = selector === null ? () => true : labelSelectorMatcher(selector);
    if (!match) return invalidInput('label_selector', 'invalid label selector');
    const name = query.get('name');
    return items.filter((i) => match(i.labels) && (name === null || i.name === name));
  }

  private createServer(body: Record<string, unknown>): FakeResponse {
    const name = str(body.name);
    if (!name) return invalidInput('name', 'is required');
    if (!hostname.test(name)) return invalidInput('name', 'must be a valid hostname');
    for (const field of ['server_type', 'image'] as const) if (!str(body[field])) return invalidInput(field, 'is required');
    const labelProblem = invalidLabel(body.labels);
    if (labelProblem) return invalidInput('labels', labelProblem);
    if (body.user_data !== undefined && (typeof body.user_data !== 'string' || body.user_data.length > 32 * 1024)) return invalidInput('user_data', 'must be a string of at most 32 KiB');
    const keyRefs = body.ssh_keys === undefined ? [] : body.ssh_keys;
    if (!Array.isArray(keyRefs)) return invalidInput('ssh_keys', 'must be an array');
    const keyIds: number[] = [];
    for (const ref of keyRefs) {
      const key = [...this.sshKeys.values()].find((k) => k.id === Number(ref) || k.name === ref);
      if (!key) return invalidInput('ssh_keys', `SSH key ${String(ref)} not found`);
      keyIds.push(key.id);
    }
    if ([...this.servers.values()].some((s) => s.name === name)) return hetznerError(409, 'uniqueness_error', 'server name is already used', { fields: [{ name: 'name' }] });
    const server: FakeHetznerServer = {
      id: this.nextId++,
      name,
      status: 'initializing',
      server_type: String(body.server_type),
      image: String(body.image),
      location: str(body.location) ?? 'nbg1',
      labels: (body.labels as Record<string, string> | undefined) ?? {},
      ssh_keys: keyIds,
      user_data: typeof body.user_data === 'string' ? body.user_data : undefined,
      created: this.timestamp(),
      gets: 0,
    };
    this.servers.set(server.id, server);
    return json(201, { server: this.serverJson(server), action: this.action('create_server', server.id), next_actions: [this.action('start_server', server.id)], root_password: null });
  }

  private getServer(id: string): FakeResponse {
    const server = this.servers.get(Number(id));
    if (!server) return notFound('server');
    server.gets++;
    if (server.status === 'initializing' || server.status === 'starting') {
      server.status = server.gets >= this.o.getsUntilRunning ? 'running' : server.gets >= 1 ? 'starting' : 'initializing';
    }
    return json(200, { server: this.serverJson(server) });
  }

  private listServers(query: URLSearchParams): FakeResponse {
    const items = this.filter([...this.servers.values()], query);
    return Array.isArray(items)
      ? this.listed(
          'servers',
          items.map((s) => this.serverJson(s)),
          query,
        )
      : items;
  }

  private deleteServer(id: string): FakeResponse {
    const server = this.servers.get(Number(id));
    if (!server) return notFound('server');
    this.servers.delete(server.id);
    return json(200, { action: this.action('delete_server', server.id) });
  }

  private createKey(body: Record<string, unknown>): FakeResponse {
    const name = str(body.name);
    const publicKey = str(body.public_key);
    if (!name) return invalidInput('name', 'is required');
    if (!publicKey) return invalidInput('public_key', 'is required');
    const labelProblem = invalidLabel(body.labels);
    if (labelProblem) return invalidInput('labels', labelProblem);
    const fingerprint = md5Fingerprint(publicKey);
    if (!fingerprint) return invalidInput('public_key', 'invalid public key');
    for (const k of this.sshKeys.values()) {
      if (k.name === name) return hetznerError(409, 'uniqueness_error', 'SSH key with the same name already exists', { fields: [{ name: 'name' }] });
      if (k.fingerprint === fingerprint) return hetznerError(409, 'uniqueness_error', 'SSH key with the same fingerprint already exists', { fields: [{ name: 'public_key' }] });
    }
    const key: FakeHetznerSshKey = { id: this.nextId++, name, public_key: publicKey, fingerprint, labels: (body.labels as Record<string, string> | undefined) ?? {}, created: this.timestamp() };
    this.sshKeys.set(key.id, key);
    this.o.keyRing.add(`hetzner:${key.id}`, publicKey);
    return json(201, { ssh_key: this.keyJson(key) });
  }

  private listKeys(query: URLSearchParams): FakeResponse {
    const items = this.filter([...this.sshKeys.values()], query);
    if (!Array.isArray(items)) return items;
    const fingerprint = query.get('fingerprint');
    return this.listed('ssh_keys', items.filter((k) => fingerprint === null || k.fingerprint === fingerprint).map(this.keyJson), query);
  }

  private deleteKey(id: string): FakeResponse {
    const key = this.sshKeys.get(Number(id));
    if (!key) return notFound('SSH key');
    // Machines keep keys they were created with, so the fake SSH server still accepts this one.
    this.sshKeys.delete(key.id);
    return json(204);
  }
}
