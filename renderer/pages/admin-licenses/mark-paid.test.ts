import { describe, expect, it } from 'vitest';
import { markPaidConfirmText, pageBounds } from './mark-paid';

describe('mark as paid', () => {
  it('names the wire reference in the confirmation', () => {
    const text = markPaidConfirmText({ organization_name: 'Acme', wire_reference: 'AB12CD3', amount_cents: 1_200_000 }, '$12,000.00');
    expect(text).toContain('AB12CD3');
    expect(text).toContain('$12,000.00');
    expect(text).toContain('Acme');
  });
});

describe('pagination', () => {
  it.each([
    [1, 1, false, false, 'Page 1 of 1'],
    [1, 3, false, true, 'Page 1 of 3'],
    [2, 3, true, true, 'Page 2 of 3'],
    [3, 3, true, false, 'Page 3 of 3'],
    [1, 0, false, false, 'Page 1 of 1'],
  ])('page %i of %i: previous %s, next %s, %s', (page, total, hasPrevious, hasNext, label) => {
    expect(pageBounds(page, total)).toEqual({ hasPrevious, hasNext, label });
  });
});
