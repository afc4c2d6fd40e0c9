import type { Config } from '../../../config';
import { createApiClient } from '../http/api-client';
import { deploymentLabel, isNotFound, ownedLabels, ownerLabel, requireCredential, uiUrlFor, type CloudProviderOptions } from '../http/cloud-common';
import { buildUserData } from '../ssh/cloud-init';
import { createSshRemote } from '../ssh/remote';
import { ProviderError, type Machine, type MachineSpec, type Provider } from '../types';
import { anything, serverAnswer, serverList, sshKeyAnswer, sshKeyList, toMachine } from './schemas';

/** Server label holding the id of the SSH key uploaded for it, so `delete` can remove the key too. */
const sshKeyLabel = 'launchpad-ssh-key';

/**
 * Trial VMs on Hetzner Cloud (API v1, docs.hetzner.cloud). Each machine gets its own uploaded SSH key
 * (named after the hostname) and the Launchpad labels; the install runs from cloud-init user data.
 */
export function createHetznerProvider(cfg: Pick<Config['deployments'], 'hetzner' | 'clusterDomain'>, opts: CloudProviderOptions = {}): Provider {
  const h = cfg.hetzner;
  const api = createApiClient({
    ...opts,
    label: 'Hetzner',
    baseUrl: h.apiUrl,
    headers: { Authorization: `Bearer ${requireCredential(h.token, 'HETZNER_API_TOKEN')}` },
    rateLimitHeaders: true,
  });
  const ssh = createSshRemote(opts);

  async function uploadKey(spec: MachineSpec, labels: Record<string, string>): Promise<number> {
    try {
      const { ssh_key } = await api.request({ method: 'POST', path: '/ssh_keys', json: { name: spec.hostname, public_key: spec.sshPublicKey, labels }, schema: sshKeyAnswer });
      return ssh_key.id;
    } catch (err) {
      // 409 after a retried POST whose first attempt got through: adopt our own key, nothing else.
      if (!(err instanceof ProviderError) || err.status !== 409) throw err;
      const { ssh_keys } = await api.request({ method: 'GET', path: '/ssh_keys', query: { name: spec.hostname }, schema: sshKeyList });
      const mine = ssh_keys.find((k) => k.public_key.trim() === spec.sshPublicKey.trim());
      if (!mine) throw err;
      return mine.id;
    }
  }

  async function createServer(spec: MachineSpec, body: Record<string, unknown>): Promise<Machine> {
    try {
      const { server } = await api.request({ method: 'POST', path: '/servers', json: body, schema: serverAnswer });
      return toMachine(server);
    } catch (err) {
      if (!(err instanceof ProviderError) || err.status !== 409) throw err;
      const { servers } = await api.request({ method: 'GET', path: '/servers', query: { name: spec.hostname }, schema: serverList });
      const mine = servers.find((s) => s.labels[deploymentLabel] === spec.deploymentId);
      if (!mine) throw err;
      return toMachine(mine);
    }
  }

  async function deleteIgnoringMissing(path: string) {
    try {
      await api.request({ method: 'DELETE', path, schema: anything });
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }

  const validId = (serverId: string) => /^\d{1,19}$/.test(serverId);

  async function get(serverId: string): Promise<Machine> {
    if (!validId(serverId)) return { serverId, state: 'missing', ipv4: null, deploymentId: undefined };
    try {
      const { server } = await api.request({ method: 'GET', path: `/servers/${serverId}`, schema: serverAnswer });
      return toMachine(server);
    } catch (err) {
      if (isNotFound(err)) return { serverId, state: 'missing', ipv4: null, deploymentId: undefined };
      throw err;
    }
  }

  return {
    name: 'hetzner',

    async create(spec) {
      const labels = ownedLabels(spec);
      const keyId = await uploadKey(spec, labels);
      try {
        return await createServer(spec, {
          name: spec.hostname,
          server_type: h.serverType,
          image: h.image,
          location: h.location,
          ssh_keys: [keyId],
          user_data: buildUserData({ version: spec.version, gpu: spec.gpu, clusterDomain: cfg.clusterDomain, modelHubToken: spec.modelHubToken }),
          labels: { ...labels, [sshKeyLabel]: String(keyId) },
          start_after_create: true,
          public_net: { enable_ipv4: true, enable_ipv6: true },
        });
      } catch (err) {
        await deleteIgnoringMissing(`/ssh_keys/${keyId}`).catch(() => undefined);
        throw err;
      }
    },

    get,

    async delete(serverId) {
      if (!validId(serverId)) return;
      let keyId: string | undefined;
      try {
        const { server } = await api.request({ method: 'GET', path: `/servers/${serverId}`, schema: serverAnswer });
        keyId = server.labels[sshKeyLabel];
      } catch (err) {
        if (isNotFound(err)) return;
        throw err;
      }
      // Keys are copied into the server at creation, so the key goes first: a retried delete still
      // finds the server and its label if removing the server itself failed.
      if (keyId && /^\d+$/.test(keyId)) await deleteIgnoringMissing(`/ssh_keys/${keyId}`);
      await deleteIgnoringMissing(`/servers/${serverId}`);
    },

    async listOwned() {
      const machines: Machine[] = [];
      for (let page = 1; ;) {
        const res = await api.request({ method: 'GET', path: '/servers', query: { label_selector: `${ownerLabel}=true`, per_page: 50, page }, schema: serverList });
        machines.push(...res.servers.map(toMachine));
        const next = res.meta?.pagination.next_page ?? null;
        if (next === null || next <= page) break;
        page = next;
      }
      return machines;
    },

    exec: (target, command, o) => ssh.exec(target, command, o),
    openShell: (target, o) => ssh.openShell(target, o),
    installLog: (target) => ssh.installLog(target),

    async uiUrl(target) {
      const ipv4 = target.ipv4 ?? (await get(target.serverId)).ipv4;
      return uiUrlFor(ipv4, cfg.clusterDomain);
    },
  };
}
