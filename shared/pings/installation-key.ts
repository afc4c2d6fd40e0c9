/**
 * Which Ping Dashboard row a ping belongs to. A licensed installation sends `deployment_id` =
 * SHA-256 of its license key, which is its row. An unlicensed one sends `unknown` and nothing else
 * that identifies it (the platform's ping sender: version, apps_count, users_count, deployment_id,
 * and edition when set), so it is keyed by the sender's address plus, where the body carries one,
 * its `edition` (fixed for an installation, unlike version and counts): a desktop app and a server
 * behind one NAT get separate rows, while unlicensed installations of one edition behind one
 * address still share a row. The dashboard says so on those rows.
 */
export function installationRowKey(deploymentId: string, ip: string, edition: string | undefined): string {
  if (deploymentId !== 'unknown') return deploymentId;
  const e = edition?.trim();
  return e ? `ip:${ip}/${e}` : `ip:${ip}`;
}

/** Rows keyed by address: they may combine several unlicensed installations. */
export const isAddressRow = (rowKey: string) => rowKey.startsWith('ip:');
