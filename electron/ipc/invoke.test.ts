import { describe, expect, it } from 'vitest';
import { typedInvoke } from './invoke';
import { wrapHandler } from './handle';

describe('preload invoke over the {result}|{error} envelope', () => {
  const app = { senderFrame: { url: 'https://lp.example.com/#/' } };
  const raw =
    (handlers: Record<string, (event: typeof app, ...args: unknown[]) => Promise<unknown>>) =>
    (channel: string, ...args: unknown[]) =>
      handlers[channel]!(app, ...args);

  it('returns the result and rethrows an error as a real Error with the main-side message', async () => {
    const invoke = typedInvoke(
      raw({
        'setup:check': wrapHandler(
          'setup:check',
          (url) => ({ url, productName: 'Helix' }),
          () => true,
        ),
        'setup:connect': wrapHandler(
          'setup:connect',
          () => Promise.reject(new Error('No server answered at https://x')),
          () => true,
        ),
      }),
    );
    expect(await invoke('setup:check', 'https://lp.example.com')).toEqual({ url: 'https://lp.example.com', productName: 'Helix' });
    const err = await invoke('setup:connect', 'https://x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toBe('No server answered at https://x');
  });
});
