import type { Config } from '../../../config';
import { createApiClient } from '../http/api-client';
import { deploymentLabel, isNotFound, ownedLabels, ownerLabel, requireCredential, uiUrlFor, type CloudProviderOptions } from '../http/cloud-common';
import { buildUserData } from '../ssh/cloud-init';
import { createSshRemote } from '../ssh/remote';
import { ProviderError, type Machine, type MachineSpec, type Provider } from '../types';
import { anything, civoInstance, created, diskImageList, instanceList, labelsToTags, networkList, sshKeyItems, sshKeyListAnswer, toMachine } from './schemas';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A "this name is taken" answer. civogo's decodeError decides by the body's `code`
 * (`database_ssh_key_duplicate_name` → DatabaseSSHKeyDuplicateNameError, and so on), whatever the
 * HTTP status, and Civo publishes no status for it; 409 is accepted too.
 */
export function isCivoDuplicate(err: unknown, codes: readonly string[]): boolean {
  return err instanceof ProviderError && ((err.code !== undefined && codes.includes(err.code)) || err.status === 409);
}

const sshKeyDuplicateCodes = ['database_ssh_key_duplicate_name', 'ssh_key_duplicate'];
const instanceDuplicateCodes = ['database_instance_duplicate_name', 'database_instance_duplicate'];

/**
 * GPU instances on Civo (API v2, civo.com/api). Requests are form-encoded as in Civo's examples; every
 * instance and SSH-key call names the configured region (as civogo does on every request). The instance is built from the configured disk image in
 * the region's default network, logs in as `root` with the deployment's own uploaded key, and runs the
 * install script as Civo's `script` (executed at the end of cloud-init).
 */
export function createCivoProvider(cfg: Pick<Config['deployments'], 'civo' | 'clusterDomain'>, opts: CloudProviderOptions = {}): Provider {
  const c = cfg.civo;
  const region = c.region;
  const api = createApiClient({ ...opts, label: 'Civo', baseUrl: c.apiUrl, headers: { Authorization: `bearer ${requireCredential(c.apiKey, 'CIVO_API_KEY')}` } });
  const ssh = createSshRemote(opts);

  /** Resolved once per provider; a failed lookup is retried on the next create. */
  const cached = <T>(load: () => Promise<T>) => {
    let p: Promise<T> | undefined;
    return () =>
      (p ??= load().catch((err: unknown) => {
        p = undefined;
        throw err;
      }));
  };

  const defaultNetworkId = cached(async () => {
    const networks = await api.request({ method: 'GET', path: '/networks', query: { region }, schema: networkList });
    const net = networks.find((n) => n.default) ?? networks[0];
    if (!net) throw new ProviderError(`Civo: no network in region ${region}`);
    return net.id;
  });

  const templateId = cached(async () => {
    if (uuid.test(c.diskImage)) return c.diskImage;
    const images = await api.request({ method: 'GET', path: '/disk_images', query: { region }, schema: diskImageList });
    const image = images.find((i) => i.name === c.diskImage);
    if (!image) throw new ProviderError(`Civo: disk image ${c.diskImage} not found in region ${region}`);
    return image.id;
  });

  async function deleteIgnoringMissing(path: string) {
    try {
      await api.request({ method: 'DELETE', path, query: { region }, schema: anything });
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }

  async function listByTag(tag: string): Promise<Machine[]> {
    const machines: Machine[] = [];
    for (let page = 1, pages = 1; page <= pages; page++) {
      const res = await api.request({ method: 'GET', path: '/instances', query: { region, tags: tag, page, per_page: 100 }, schema: instanceList });
      // Filter here too: the tag filter is optional in the docs.
      machines.push(...res.items.filter((i) => (i.tags ?? []).includes(tag)).map(toMachine));
      pages = res.pages;
    }
    return machines;
  }

  /**
   * Uploads the deployment's key in the instance's region (civogo sends `region` on every request,
   * POST /v2/sshkeys included). A duplicate name is a retried POST whose first attempt got through,
   * or a create that died after its upload: the key of that name is adopted when it is ours.
   */
  async function uploadKey(spec: MachineSpec): Promise<string> {
    try {
      return (await api.request({ method: 'POST', path: '/sshkeys', query: { region }, form: { name: spec.hostname, public_key: spec.sshPublicKey }, schema: created })).id;
    } catch (err) {
      if (!isCivoDuplicate(err, sshKeyDuplicateCodes)) throw err;
      const keys = await api.request({ method: 'GET', path: '/sshkeys', query: { region }, schema: sshKeyListAnswer });
      const mine = sshKeyItems(keys).find((k) => k.name === spec.hostname && k.public_key?.trim() === spec.sshPublicKey.trim());
      if (!mine) throw err;
      return mine.id;
    }
  }

  async function createInstance(spec: MachineSpec, form: Record<string, string>): Promise<Machine> {
    try {
      return toMachine(await api.request({ method: 'POST', path: '/instances', form, schema: civoInstance }));
    } catch (err) {
      // A retried POST whose first attempt got through: adopt the instance carrying our deployment tag.
      if (!isCivoDuplicate(err, instanceDuplicateCodes)) throw err;
      const mine = (await listByTag(`${deploymentLabel}=${spec.deploymentId}`))[0];
      if (!mine) throw err;
      return mine;
    }
  }

  async function get(serverId: string): Promise<Machine> {
    const missing: Machine = { serverId, state: 'missing', ipv4: null, deploymentId: undefined };
    if (!uuid.test(serverId)) return missing;
    try {
      return toMachine(await api.request({ method: 'GET', path: `/instances/${serverId}`, query: { region }, schema: civoInstance }));
    } catch (err) {
      if (isNotFound(err)) return missing;
      throw err;
    }
  }

  return {
    name: 'civo',

    async create(spec) {
      const [networkId, template] = await Promise.all([defaultNetworkId(), templateId()]);
      const keyId = await uploadKey(spec);
      try {
        return await createInstance(spec, {
          hostname: spec.hostname,
          size: c.size,
          region,
          network_id: networkId,
          template_id: template,
          count: '1',
          public_ip: 'create',
          initial_user: 'root',
          ssh_key_id: keyId,
          script: buildUserData({ version: spec.version, gpu: spec.gpu, clusterDomain: cfg.clusterDomain, modelHubToken: spec.modelHubToken }),
          tags: labelsToTags(ownedLabels(spec)).join(' '),
        });
      } catch (err) {
        await deleteIgnoringMissing(`/sshkeys/${keyId}`).catch(() => undefined);
        throw err;
      }
    },

    get,

    async delete(serverId) {
      if (!uuid.test(serverId)) return;
      let keyId: string | null | undefined;
      try {
        keyId = (await api.request({ method: 'GET', path: `/instances/${serverId}`, query: { region }, schema: civoInstance })).ssh_key_id;
      } catch (err) {
        if (isNotFound(err)) return;
        throw err;
      }
      // The key only matters while the instance is built, which a delete ends anyway; removing it
      // first lets a retried delete still find it through the instance.
      if (keyId && uuid.test(keyId)) await deleteIgnoringMissing(`/sshkeys/${keyId}`);
      await deleteIgnoringMissing(`/instances/${serverId}`);
    },

    listOwned: () => listByTag(`${ownerLabel}=true`),

    exec: (target, command, o) => ssh.exec(target, command, o),
    openShell: (target, o) => ssh.openShell(target, o),
    installLog: (target) => ssh.installLog(target),

    async uiUrl(target) {
      return uiUrlFor(target.ipv4 ?? (await get(target.serverId)).ipv4, cfg.clusterDomain);
    },
  };
}
