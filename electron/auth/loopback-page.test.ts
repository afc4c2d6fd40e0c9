import { describe, expect, it } from 'vitest';
import { page } from './loopback';

describe('the sign-in result page in the browser tab', () => {
  it('shows the provider’s error text as text, never as markup', () => {
    const html = page('Sign-in failed', 'Sign-in was refused: <img src=x onerror=alert(1)> & "more"');
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62; &#38; &#34;more&#34;');
    expect(html).not.toContain('<img');
  });
});
