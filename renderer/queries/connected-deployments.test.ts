import { describe, expect, it } from 'vitest';
import { parseLocalEntries, withLocalIds } from './connected-deployments';

describe('browser-stored private deployments', () => {
  it.each([
    ['nothing stored', null, []],
    ['damaged JSON', '{oops', []],
    ['not a list', '{"name":"x"}', []],
    ['entries without a name or url', '[{"name":"a"},{"url":"http://b"},7,null]', []],
    [
      'entries with missing optional fields',
      '[{"name":"Lab","url":"http://lab"},{"name":"Box","url":"http://box","description":"GPU","is_default":true}]',
      [
        { name: 'Lab', description: '', url: 'http://lab', is_default: false },
        { name: 'Box', description: 'GPU', url: 'http://box', is_default: true },
      ],
    ],
  ])('%s', (_what, raw, entries) => {
    expect(parseLocalEntries(raw)).toEqual(entries);
  });

  it('gives entries ids local-{index}', () => {
    const entries = parseLocalEntries('[{"name":"Lab","url":"http://lab"},{"name":"Box","url":"http://box"}]');
    expect(withLocalIds(entries).map((d) => [d.id, d.name])).toEqual([
      ['local-0', 'Lab'],
      ['local-1', 'Box'],
    ]);
  });
});
