import { useEffect, useState } from 'react';
import { copyText } from './clipboard';

/** The "Copied" confirmation lasts 2 seconds (spec). */
export const copiedMs = 2000;

/** Copies a text (with a fallback where the Clipboard API is missing) and confirms with Copied or Copy failed. */
export function CopyButton({ text, label = 'Copy', what, className = '' }: { text: string; label?: string; what?: string; className?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), copiedMs);
    return () => window.clearTimeout(timer);
  }, [state]);

  const copy = async () => setState((await copyText(text)) ? 'copied' : 'failed');

  return (
    <button
      type="button"
      className={`btn btn-small ${className}${state === 'copied' ? ' copied' : ''}`}
      aria-label={state === 'idle' && what ? `Copy ${what}` : undefined}
      onClick={() => void copy()}
    >
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : label}
    </button>
  );
}
