import { shellQuote } from '../marketing/install-commands';
import type { SetupConfig } from './config';
import { secretNames } from './helm-values';

/** Always single-quoted (with '\'' for a quote inside), so `$`, `!`, spaces and quotes reach kubectl untouched. */
export function quoteArg(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

function createSecret(name: string, literals: [key: string, value: string][]): string {
  const lines = [`kubectl create secret generic ${shellQuote(name)}`, ...literals.map(([k, v]) => `--from-literal=${quoteArg(`${k}=${v}`)}`)];
  return lines.join(' \\\n  ');
}

/** The `kubectl create secret generic …` commands the values file refers to. */
export function kubectlSecretCommands(c: SetupConfig): string {
  const commands = [
    createSecret(secretNames.postgres, [
      ['username', c.postgresUser.trim()],
      ['password', c.postgresPassword],
      ...(c.useExternalPostgres ? [] : ([['postgres-password', c.postgresAdminPassword]] as [string, string][])),
      ['database', c.postgresDatabase.trim()],
      ...(c.useExternalPostgres ? ([['host', c.postgresHost.trim()]] as [string, string][]) : []),
    ]),
    createSecret(secretNames.pgvector, [
      ['username', c.pgvectorUser.trim()],
      ['password', c.pgvectorPassword],
      ['database', c.pgvectorDatabase.trim()],
    ]),
    createSecret(secretNames.keycloak, [
      ['admin-user', c.keycloakUser.trim()],
      ['admin-password', c.keycloakPassword],
    ]),
    createSecret(secretNames.runner, [['token', c.runnerToken]]),
    ...(c.huggingFaceToken.trim() ? [createSecret(secretNames.huggingFace, [['token', c.huggingFaceToken.trim()]])] : []),
  ];
  return `#!/usr/bin/env bash\n# Creates the secrets the Helm values refer to. Run it once per cluster namespace.\nset -euo pipefail\n\n${commands.join('\n\n')}\n`;
}
