import { describe, expect, it } from 'vitest';
import { copyButtonText, copyFeedbackMs } from './clipboard-feedback';

describe('copy button text', () => {
  it.each([
    ['idle', undefined, 'Copy'],
    ['idle', 'Copy command', 'Copy command'],
    ['copied', undefined, 'Copied!'],
    ['copied', 'Copy command', 'Copied!'],
    ['failed', undefined, 'Copy failed'],
    ['failed', 'Copy command', 'Copy failed'],
  ] as const)('%s with label %s reads %s', (state, label, text) => {
    expect(copyButtonText(state, label)).toBe(text);
  });

  it('shows the outcome for 2 seconds', () => {
    expect(copyFeedbackMs).toBe(2000);
  });
});
