import { describe, expect, it } from 'vitest';
import { csvCell, csvChunks, csvLine, csvStream, pagesOf } from './csv';

describe('CSV cells (RFC 4180, spreadsheet-injection safe)', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+1', "'+1"],
    ['-2', "'-2"],
    ['@cmd', "'@cmd"],
    ['\tTAB', "'\tTAB"],
    ['\rCR', '"\'\rCR"'],
    ['=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'],
    ['a=b', 'a=b'],
  ])('%j → %s', (input, out) => {
    expect(csvCell(input)).toBe(out);
  });

  it('numbers, nulls, dates and objects', () => {
    expect(csvLine([12, null, undefined, new Date('2026-01-02T03:04:05.000Z'), { a: 1 }, true])).toBe('12,,,2026-01-02T03:04:05.000Z,"{""a"":1}",true\r\n');
    // A negative amount stays a number a spreadsheet can add up; the same characters as text are escaped.
    expect(csvCell(-250)).toBe('-250');
    expect(csvCell('-250')).toBe("'-250");
  });
});

describe('pages and chunks', () => {
  it('reads page after page until a short page, holding one at a time', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => i);
    const asked: (number | undefined)[] = [];
    const pages = pagesOf(async (after: number | undefined) => {
      asked.push(after);
      const start = after === undefined ? 0 : after + 1;
      return rows.slice(start, start + 10);
    }, 10);
    const got: number[][] = [];
    for await (const p of pages) got.push(p);
    expect(got.map((p) => p.length)).toEqual([10, 10, 5]);
    expect(asked).toEqual([undefined, 9, 19]);
  });

  it('the header, then one chunk per page', async () => {
    async function* two() {
      yield [{ n: 1 }, { n: 2 }];
      yield [{ n: 3 }];
    }
    const chunks: string[] = [];
    for await (const c of csvChunks({ filename: 'x.csv', header: ['n'], pages: two(), cells: (r: { n: number }) => [r.n] })) chunks.push(c);
    expect(chunks).toEqual(['n\r\n', '1\r\n2\r\n', '3\r\n']);
  });
});

describe('the Excel variant (UTF-8 with a byte-order mark)', () => {
  async function* onePage() {
    yield [['Zoë Ångström 東京 😀']];
  }
  const bytesOf = async (format: { excel?: '1' }) => {
    const chunks: Buffer[] = [];
    for await (const c of csvStream({ filename: 'x.csv', header: ['name'], pages: onePage(), cells: (r: string[]) => r }, format)) chunks.push(Buffer.from(c as string, 'utf8'));
    return Buffer.concat(chunks);
  };

  it('starts with EF BB BF and keeps non-ASCII text byte for byte', async () => {
    const bytes = await bytesOf({ excel: '1' });
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe('name\r\nZoë Ångström 東京 😀\r\n');
  });

  it('the plain CSV has no mark', async () => {
    const bytes = await bytesOf({});
    expect(bytes[0]).toBe('n'.charCodeAt(0));
    expect(bytes.toString('utf8')).toBe('name\r\nZoë Ångström 東京 😀\r\n');
  });
});
