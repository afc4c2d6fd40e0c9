// @ts-check
/**
 * Prints the PEM certificates this machine trusts beyond Node's own roots: a TLS-inspecting egress
 * proxy's authority, a company CA. The image build's BUILD_CA argument (build stage only):
 *   BUILD_CA="$(node scripts/build-ca.mjs)" docker compose build
 * Read from BUILD_CA_FILE when set, else from npm's cafile and NODE_EXTRA_CA_CERTS (less Node's list).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import process from 'node:process';
import tls from 'node:tls';

const pems = (file) => fs.readFileSync(file, 'utf8').match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
const key = (pem) => pem.replace(/-----[A-Z ]+-----|\s/g, '');

/** @returns {string} */
export function buildCa() {
  if (process.env.BUILD_CA_FILE) return pems(process.env.BUILD_CA_FILE).join('\n');
  const known = new Set(tls.rootCertificates.map(key));
  const npmCafile = spawnSync('npm', ['config', 'get', 'cafile'], { encoding: 'utf8' }).stdout?.trim();
  const extra = new Map();
  for (const file of [npmCafile, process.env.NODE_EXTRA_CA_CERTS]) {
    if (!file || file === 'null' || file === 'undefined' || !fs.existsSync(file)) continue;
    for (const pem of pems(file)) if (!known.has(key(pem))) extra.set(key(pem), pem);
  }
  return [...extra.values()].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ca = buildCa();
  if (ca) process.stdout.write(`${ca}\n`);
}
