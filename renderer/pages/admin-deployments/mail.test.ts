import { expect, it } from 'vitest';
import { shutdownMailto } from './mail';

it('builds a mailto: link with a prefilled shutdown warning', () => {
  const href = shutdownMailto({ email: 'jane+ai@example.com', deploymentName: 'gpu & co', productName: 'Helix' });
  const url = new URL(href);
  expect(url.protocol).toBe('mailto:');
  expect(decodeURIComponent(url.pathname)).toBe('jane+ai@example.com');
  const subject = url.searchParams.get('subject') ?? '';
  const body = url.searchParams.get('body') ?? '';
  expect(subject).toBe('Your Helix deployment "gpu & co" will be shut down');
  expect(body).toContain('will be shut down');
  expect(body).toContain('\r\n');
  expect(href).not.toContain('+');
});
