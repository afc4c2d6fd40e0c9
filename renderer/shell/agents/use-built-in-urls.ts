import { useConfigStore } from '../../app/config-store';

/** The built-in targets' addresses: the hosted app and the local installation (configurable for tests). */
export function useBuiltInUrls(): { cloudUrl: string; localhostUrl: string } {
  const cloudUrl = useConfigStore((s) => s.config?.hostedAppUrl) ?? '';
  const localhostUrl = useConfigStore((s) => s.config?.localhostImportUrl) ?? 'http://localhost:8080';
  return { cloudUrl, localhostUrl };
}
