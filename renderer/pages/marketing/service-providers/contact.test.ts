import { describe, expect, it } from 'vitest';
import { partnerEmail, partnerMailto } from './contact';

describe('partner contact', () => {
  it('mails the partner team on the brand domain with a subject', () => {
    expect(partnerEmail({ id: 'helix' })).toBe('partners@helixml.tech');
    expect(partnerMailto({ id: 'acme', name: 'Acme AI' })).toBe('mailto:partners@acmeml.tech?subject=Acme%20AI%20service%20provider%20partnership');
  });
});
