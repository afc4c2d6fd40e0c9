import { useState } from 'react';
import { platform } from '../platform/index';
import { toast } from './toast-store';

/**
 * "Download CSV": fetches an export with the bearer (the API client) and hands it to the host to
 * save (a download on the web, a save dialog in the desktop app).
 */
export function DownloadCsvButton({ download, filename, label = 'Download CSV' }: { download: () => Promise<{ blob: Blob; filename: string | undefined }>; filename: string; label?: string }) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const file = await download();
      await platform.saveFile(file.filename ?? filename, file.blob);
    } catch (err) {
      console.error('Downloading the CSV failed', err);
      toast({ kind: 'error', title: 'Download Failed', message: err instanceof Error ? err.message : 'Failed to download the CSV' });
    } finally {
      setBusy(false);
    }
  };
  return (
    // aria-disabled, not disabled: a disabled button would drop the keyboard's focus to <body> while it downloads
    <button type="button" className="btn btn-small" onClick={() => void onClick()} aria-disabled={busy} aria-busy={busy}>
      {busy ? 'Downloading…' : label}
    </button>
  );
}
