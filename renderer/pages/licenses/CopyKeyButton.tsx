import { useEffect, useState } from 'react';
import { copiedMs } from '../../shell/CopyButton';
import { copyText } from './clipboard';

/** Copy with a "Copied" confirmation for 2 seconds (spec); works without the Clipboard API too. */
export function CopyKeyButton({ text, label = 'Copy', what = 'license key' }: { text: string; label?: string; what?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), copiedMs);
    return () => window.clearTimeout(timer);
  }, [state]);

  const copy = async () => setState((await copyText(text)) ? 'copied' : 'failed');

  return (
    <button type="button" className={`btn btn-small lic-copy${state === 'copied' ? ' copied' : ''}`} aria-label={state === 'idle' ? `Copy ${what}` : undefined} onClick={() => void copy()}>
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : label}
    </button>
  );
}
