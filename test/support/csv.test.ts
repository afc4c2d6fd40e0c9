import { describe, expect, it } from 'vitest';
import { csvLine } from '../../server/http/csv';
import { parseCsv } from './csv';

describe('parseCsv (tests and scripts)', () => {
  it('reads back what the exports write: quotes, commas, line breaks and escaped formulas', () => {
    const cells = ['plain', 'a,b', 'say "hi"', 'two\r\nlines', '=SUM(A1)', '', '-250'];
    expect(parseCsv(csvLine(cells) + csvLine(['x']))).toEqual([['plain', 'a,b', 'say "hi"', 'two\r\nlines', "'=SUM(A1)", '', "'-250"], ['x']]);
  });

  it('takes LF rows and a last row without a line end', () => {
    expect(parseCsv('h1,h2\n1,"x, y"\n2,z')).toEqual([
      ['h1', 'h2'],
      ['1', 'x, y'],
      ['2', 'z'],
    ]);
  });
});
