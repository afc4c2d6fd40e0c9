import { describe, expect, it } from 'vitest';
import { firstPage, nextPage, previousPage } from './paging';

describe('audit log paging', () => {
  it('goes forward with next cursors and back to the exact pages before', () => {
    const p2 = nextPage(firstPage, 'c2');
    const p3 = nextPage(p2, 'c3');
    expect(p3).toEqual({ previous: [undefined, 'c2'], cursor: 'c3' });
    expect(previousPage(p3)).toEqual(p2);
    expect(previousPage(previousPage(p3))).toEqual(firstPage);
    expect(previousPage(firstPage)).toBe(firstPage);
  });
});
