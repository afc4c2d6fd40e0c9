import { useEffect, useRef } from 'react';
import type { NotificationWire } from '../../../shared/api/notifications';
import { platform } from '../../platform';
import { freshNotices } from './native-notices';

/** On the desktop, each new notification also appears as a native one; on the web, nothing. */
export function useNativeNotices(list: readonly NotificationWire[] | undefined): void {
  const seen = useRef<Set<string> | undefined>(undefined);
  useEffect(() => {
    const show = platform.showNotification;
    if (!list || !show) return;
    const next = freshNotices(seen.current, list);
    seen.current = next.seen;
    for (const n of next.show) show({ title: n.title, body: n.body });
  }, [list]);
}
