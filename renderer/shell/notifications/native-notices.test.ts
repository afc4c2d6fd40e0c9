import { describe, expect, it } from 'vitest';
import type { NotificationWire } from '../../../shared/api/notifications';
import { freshNotices } from './native-notices';

const notice = (id: string, read = false): NotificationWire => ({
  id,
  kind: 'low_balance',
  title: `t${id}`,
  body: 'b',
  link: null,
  created_at: '2026-01-01T00:00:00Z',
  read_at: read ? '2026-01-01T00:01:00Z' : null,
});

describe('freshNotices', () => {
  it('shows nothing for the first list, then only new unread notices, each once', () => {
    const first = freshNotices(undefined, [notice('a'), notice('b')]);
    expect(first.show).toEqual([]);
    const second = freshNotices(first.seen, [notice('c'), notice('d', true), notice('a'), notice('b')]);
    expect(second.show.map((n) => n.id)).toEqual(['c']);
    expect(freshNotices(second.seen, [notice('c'), notice('a')]).show).toEqual([]);
  });
});
