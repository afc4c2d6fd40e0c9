import tls from 'node:tls';

/** The members of node:tls (Node 22.19 / 24.5 and later, Electron's Node) that read and set the trusted roots. */
export interface CertificateStore {
  getCACertificates?(type: 'default' | 'system'): string[];
  setDefaultCACertificates?(certs: string[]): void;
}

/**
 * What is left on Node's own networking (the terminal WebSockets, the embedded server's outgoing
 * calls) trusts the OS certificate store too, as Chromium's `net` does for everything else: a
 * company root installed on the computer works without NODE_EXTRA_CA_CERTS, which the fuses turn
 * off with NODE_OPTIONS. Answers how many system roots were added (0 on a Node without the API).
 */
export function trustSystemCertificates(store: CertificateStore = tls as unknown as CertificateStore): number {
  if (!store.getCACertificates || !store.setDefaultCACertificates) return 0;
  const current = store.getCACertificates('default');
  const added = store.getCACertificates('system').filter((cert) => !current.includes(cert));
  if (added.length) store.setDefaultCACertificates([...current, ...added]);
  return added.length;
}
