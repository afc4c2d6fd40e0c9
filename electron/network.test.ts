import { describe, expect, it } from 'vitest';
import { trustSystemCertificates, type CertificateStore } from './network';

describe('OS certificates for Node networking', () => {
  const store = (defaults: string[], system: string[]) => {
    const s = {
      current: defaults,
      getCACertificates: (type: 'default' | 'system') => (type === 'default' ? s.current : system),
      setDefaultCACertificates: (certs: string[]) => void (s.current = certs),
    };
    return s;
  };

  it.each([
    ['a company root installed on the computer is added to the bundled roots', ['mozilla-a', 'mozilla-b'], ['mozilla-a', 'corp-root'], ['mozilla-a', 'mozilla-b', 'corp-root'], 1],
    ['nothing new in the OS store: roots unchanged', ['mozilla-a'], ['mozilla-a'], ['mozilla-a'], 0],
  ])('%s', (_case, defaults, system, after, added) => {
    const s = store(defaults, system);
    expect(trustSystemCertificates(s)).toBe(added);
    expect(s.current).toEqual(after);
  });

  it('a Node without the certificate API (older than Electron’s) leaves everything as it is', () => {
    expect(trustSystemCertificates({} as CertificateStore)).toBe(0);
    expect(() => trustSystemCertificates()).not.toThrow();
  });
});
