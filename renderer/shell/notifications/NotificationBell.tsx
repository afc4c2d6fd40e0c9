import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { NotificationWire } from '../../../shared/api/notifications';
import { isAdminAlertKind } from '../../../shared/api/admin-alerts';
import { useMarkAllRead, useMarkRead, useNotifications } from '../../queries/notifications';
import { Icon } from '../icons';
import { useDismiss } from '../use-dismiss';
import { focusElement, focusWhenShown } from '../focus';
import { useNativeNotices } from './use-native-notices';
import { useMyInvitations } from '../../queries/teams';
import { PendingInvitations } from '../account/PendingInvitations';
import { formatAgo, formatDateTime } from '../../../shared/format/dates';
import './notifications.css';

/** The header's bell: the unread count, and a list of the newest notifications to read and mark read. */
export function NotificationBell() {
  const { data } = useNotifications();
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close, { returnFocus: button });
  useNativeNotices(data?.notifications);
  // invitations waiting for the person count as unread until answered (issue 43: the invitee's bell showed nothing)
  const invitations = useMyInvitations().data?.length ?? 0;
  const unread = (data?.unread_count ?? 0) + invitations;
  const items = data?.notifications ?? [];

  const read = (n: NotificationWire) => {
    if (!n.read_at) markRead.mutate(n.id);
    close();
    // The link goes with the panel: the page it leads to takes focus at its title.
    focusWhenShown(() => document.querySelector('#main h1'));
  };

  const allRead = (data?.unread_count ?? 0) === 0 || markAllRead.isPending;

  return (
    <div className="notification-bell" ref={ref}>
      <button
        ref={button}
        type="button"
        className="bell-button"
        data-testid="notification-bell"
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-expanded={open}
        aria-controls="notification-panel"
        onClick={() => setOpen((o) => !o)}
      >
        <Icon name="bell" size={18} />
        {unread > 0 && (
          <span className="bell-count" data-testid="notification-count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <div className="notification-panel" id="notification-panel" role="region" aria-label="Notifications">
          <div className="notification-panel-head">
            <strong>Notifications</strong>
            {/* aria-disabled, not disabled: marking everything read must not drop the keyboard's focus to <body> */}
            <button type="button" className="btn btn-small" aria-disabled={allRead} onClick={() => !allRead && markAllRead.mutate()}>
              Mark all read
            </button>
          </div>
          <PendingInvitations onDone={close} />
          {items.length === 0 ? (
            <p className="notification-empty">Nothing yet: balance, deployment, payment and license news appears here.</p>
          ) : (
            <ul className="notification-list" data-testid="notification-list">
              {items.map((n) => (
                <li key={n.id} className={n.read_at ? 'notification' : 'notification is-unread'}>
                  {isAdminAlertKind(n.kind) && <span className="notification-tag">Admin alert</span>}
                  {n.link ? (
                    <Link to={n.link} className="notification-title" onClick={() => read(n)}>
                      {n.title}
                    </Link>
                  ) : (
                    <span className="notification-title">{n.title}</span>
                  )}
                  <p className="notification-body">{n.body}</p>
                  <div className="notification-meta">
                    <time dateTime={n.created_at} title={formatDateTime(n.created_at)}>
                      {formatAgo(n.created_at, Date.now())}
                    </time>
                    {!n.read_at && (
                      <button
                        type="button"
                        className="link-button"
                        onClick={(e) => {
                          // the button goes once the notice is read: its notice keeps the focus
                          focusElement(e.currentTarget.closest('li'));
                          markRead.mutate(n.id);
                        }}
                      >
                        Mark read
                      </button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
