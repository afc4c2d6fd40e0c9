import { useEffect, useState } from 'react';
import { copyText } from './clipboard';
import { type CopyState, copyButtonText, copyFeedbackMs } from './clipboard-feedback';
import './copy-button.css';

interface CopyButtonProps {
  text: string;
  label?: string;
  /** names the copied thing for screen readers: "Copy {what}" */
  what?: string;
  className?: string;
  /** success: the green 'Copied!' background of the pricing and deployment pages (spec 4) */
  variant?: 'default' | 'success';
}

/** Copies a text (with a hidden text-area fallback) and confirms with 'Copied!' or 'Copy failed' for 2 s. */
export function CopyButton({ text, label = 'Copy', what, className = '', variant = 'default' }: CopyButtonProps) {
  const [state, setState] = useState<CopyState>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), copyFeedbackMs);
    return () => window.clearTimeout(timer);
  }, [state]);

  const copy = async () => setState((await copyText(text)) ? 'copied' : 'failed');

  const classes = ['btn', 'btn-small', 'copy-button', variant === 'success' ? 'copy-success' : '', className, state === 'copied' ? 'copied' : '', state === 'failed' ? 'copy-failed' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <button type="button" className={classes} aria-label={state === 'idle' && what ? `Copy ${what}` : undefined} aria-live="polite" onClick={() => void copy()}>
      {copyButtonText(state, label)}
    </button>
  );
}
