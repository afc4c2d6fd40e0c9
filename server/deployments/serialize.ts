import { versionWireField, type Brand } from '../../shared/brand';
import type { SetupStep } from '../../shared/api/deployments';
import { expiresAt } from '../../shared/deployments/timeouts';
import { unpaidGraceMs } from '../billing/service';
import type { DeploymentWireRow, SetupStepRow } from './queries';

/**
 * A deployment on the wire: snake_case, `<brand>_version`; the SSH public key for the owner, the
 * private key only when the owner's credential may use it (`secrets`: see maySeeSecrets).
 */
export function deploymentToWire(brand: Brand, d: DeploymentWireRow, opts: { owner: boolean; secrets?: boolean; userEmail?: string | null; unpaidGraceMs?: number; costCents?: number }) {
  const expiry = expiresAt(d.createdAt, d.timeoutMins);
  const graceEnd = d.unpaidSince ? new Date(d.unpaidSince.getTime() + (opts.unpaidGraceMs ?? unpaidGraceMs)) : null;
  return {
    id: d.id,
    name: d.name,
    user_id: d.userId,
    ...(opts.userEmail !== undefined ? { user_email: opts.userEmail } : {}),
    server_id: d.serverId,
    // the machine keeps running while the installer moves it to `targetVersion`
    status: d.targetVersion && d.status === 'running' ? ('updating' as const) : d.status,
    ipv4: d.ipv4,
    ui_url: d.uiUrl,
    provider: d.provider,
    // the wire name interop.md fixes for existing clients; `typeId` in code
    deployment_config_id: d.typeId,
    hourly_rate_cents: d.hourlyRateCents,
    // what the ledger charged for it so far, less a refund (issue 46)
    ...(opts.costCents !== undefined ? { cost_cents: opts.costCents } : {}),
    timeout_mins: d.timeoutMins,
    expires_at: expiry ? expiry.toISOString() : null,
    error_message: d.errorMessage,
    unpaid_terminates_at: graceEnd ? graceEnd.toISOString() : null,
    ...(opts.owner ? { ssh_public_key: d.sshPublicKey } : {}),
    ...(opts.owner && opts.secrets ? { ssh_private_key: d.sshPrivateKey } : {}),
    created_at: d.createdAt.toISOString(),
    updated_at: d.updatedAt.toISOString(),
    [versionWireField(brand)]: d.version,
  };
}

export function setupStepToWire(s: SetupStepRow): SetupStep {
  return { id: s.id, description: s.description, emoji: s.emoji, completed: s.status === 'completed', status: s.status, error: s.error };
}
