/** The files a local "machine" is made of: a bootstrap script with real output and a small UI server. */

export const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function bootstrapScript(o: { productName: string; version: string; hostname: string; nodePath: string; uiPort: number }): string {
  return `#!/usr/bin/env bash
# Local stand-in for the cloud-init install of a ${o.productName} machine: real commands, real output.
set -u
cd "$(dirname "$0")"
START=$(date +%s)
echo "Cloud-init v. 24.1 running 'init' at $(date -u '+%a, %d %b %Y %H:%M:%S +0000'). Up 0.1 seconds."
echo "==> Preparing ${o.productName} ${o.version} on ${o.hostname}"
uname -srm
echo "==> Checking resources"
df -h . | tail -n 1
echo "CPUs: $(nproc)"
echo "==> Writing configuration"
mkdir -p config data
cat > config/${o.productName.toLowerCase()}.env <<EOT
VERSION=${o.version}
HOSTNAME=${o.hostname}
CREATED_AT=$(date -u +%FT%TZ)
EOT
echo "wrote config/${o.productName.toLowerCase()}.env"
for component in api control-plane runner; do
  echo "==> Installing $component ${o.version}"
  head -c 262144 /dev/urandom > "data/$component.img"
  sha256sum "data/$component.img" | cut -c1-16
  sleep 0.3
done
echo "==> Starting ${o.productName} control plane"
# The UI's listening socket is fd 3, opened by the host: the machine itself has no network.
${shellQuote(o.nodePath)} ui-server.mjs > ui.log 2>&1 &
UI=$!
for _ in $(seq 1 100); do [ -s .ui-ready ] && break; sleep 0.05; done
echo "==> Control plane listening on http://127.0.0.1:${o.uiPort}"
echo "Cloud-init v. 24.1 finished at $(date -u '+%a, %d %b %Y %H:%M:%S +0000'). Datasource DataSourceLocal.  Up $(( $(date +%s) - START )) seconds"
# The machine lives as long as its control plane.
wait "$UI"
`;
}

export function uiServerScript(o: { productName: string; version: string; name: string }): string {
  const page = `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(o.productName)} ${escapeHtml(o.version)}</title></head>
<body style="font-family:system-ui;background:#0f172a;color:#e2e8f0;padding:3rem">
<h1>${escapeHtml(o.productName)} is running</h1><p>Deployment <strong>${escapeHtml(o.name)}</strong>, version ${escapeHtml(o.version)}.</p></body></html>`;
  return `import http from 'node:http';
import fs from 'node:fs';
const page = ${JSON.stringify(page)};
const server = http.createServer((req, res) => {
  if (req.url === '/healthz') { res.writeHead(200, { 'content-type': 'application/json' }); res.end('{"status":"ok"}'); return; }
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(page);
});
server.listen({ fd: 3 }, () => fs.writeFileSync('.ui-ready', 'yes'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;
}

export function bashrc(account: string, hostname: string): string {
  return `PS1='${account}@${hostname}:\\w\\$ '
cd "$(dirname "\${BASH_SOURCE[0]}")"
`;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}
