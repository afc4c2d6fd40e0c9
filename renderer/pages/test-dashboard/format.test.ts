import { describe, expect, it } from 'vitest';
import { formatDuration, listStateFromQuery, logErrorText, pageCount, previewLines, queryFromListState, shortCommit, showMoreLabel, showPagination, statusIcon, testTitle } from './format';

describe('statusIcon (public-site 4)', () => {
  it.each([
    ['passed', 'check'],
    ['failed', 'cross'],
    ['running', 'cycle'],
    ['pending', 'pause'],
    ['queued', 'pause'],
    ['', 'pause'],
  ])('%s → %s', (status, icon) => {
    expect(statusIcon(status).icon).toBe(icon);
  });
});

describe('formatDuration', () => {
  it.each([
    [null, '-'],
    [0, '0s'],
    [5, '5s'],
    [59.6, '1m 0s'],
    [95, '1m 35s'],
    [3725, '1h 2m 5s'],
    [-1, '-'],
  ])('%s → %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe('texts and limits', () => {
  it('shows 8 characters of the commit (public-site 9)', () => {
    expect(shortCommit('0123456789abcdef')).toBe('01234567');
    expect(shortCommit('unknown')).toBe('unknown');
  });

  it.each([
    ['oauth_integration', 'OAuth Integration'],
    ['smoke', 'Smoke Tests'],
    ['oauth_github', 'OAuth Integration (github)'],
    ['nightly_e2e', 'nightly e2e'],
  ])('titles %s as %s', (type, title) => {
    expect(testTitle(type)).toBe(title);
  });

  it('says how many lines Show More reveals', () => {
    expect(showMoreLabel(70)).toBe('Show More (70 more lines)');
    expect(showMoreLabel(1)).toBe('Show More (1 more line)');
  });

  it('words a log failure as the spec does', () => {
    expect(logErrorText('llm_conversation.txt', 'Failed to fetch log content')).toBe('Error loading llm_conversation.txt: Failed to fetch log content');
  });
});

describe('previewLines', () => {
  const text = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join('\n');
  it.each([
    [text(120), 50, 50, 70],
    [text(150), 100, 100, 50],
    [text(50), 50, 50, 0],
    [`${text(50)}\n`, 50, 50, 0],
    [text(3).replaceAll('\n', '\r\n'), 2, 2, 1],
    ['', 50, 1, 0],
  ])('keeps %#: limit %i shows %i lines, hides %i', (input, limit, shownLines, hidden) => {
    const p = previewLines(input, limit);
    expect(p.shown.split('\n')).toHaveLength(shownLines);
    expect(p.hidden).toBe(hidden);
  });
});

describe('pagination (public-site 5: only above 20)', () => {
  it.each([
    [0, false, 1],
    [20, false, 1],
    [21, true, 2],
    [45, true, 3],
  ])('total %i → shown %s, %i pages', (total, shown, pages) => {
    expect(showPagination(total)).toBe(shown);
    expect(pageCount(total)).toBe(pages);
  });
});

describe('list state in the address', () => {
  it.each([
    [{}, undefined, { page: 1, testType: '', run: undefined }],
    [{ type: 'smoke', page: '3' }, undefined, { page: 3, testType: 'smoke', run: undefined }],
    [{ type: 'bogus', page: '-2' }, 'abc', { page: 1, testType: '', run: 'abc' }],
    [{ type: 'oauth_integration', page: '1.5' }, undefined, { page: 1, testType: 'oauth_integration', run: undefined }],
  ])('%j + run %s → %j', (query, run, state) => {
    expect(listStateFromQuery(query, run)).toEqual(state);
  });

  it('round-trips, leaving defaults out', () => {
    expect(queryFromListState({ page: 1, testType: '', run: undefined })).toEqual({});
    const state = { page: 2, testType: 'smoke', run: 'r1' };
    expect(listStateFromQuery(queryFromListState(state), state.run)).toEqual(state);
  });
});
