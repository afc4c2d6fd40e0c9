/** What a copy button says (public-site 4): 'Copied!' or 'Copy failed' for 2 s, then its label again. */
export type CopyState = 'idle' | 'copied' | 'failed';

export const copyFeedbackMs = 2000;

export function copyButtonText(state: CopyState, label = 'Copy'): string {
  switch (state) {
    case 'copied':
      return 'Copied!';
    case 'failed':
      return 'Copy failed';
    default:
      return label;
  }
}
