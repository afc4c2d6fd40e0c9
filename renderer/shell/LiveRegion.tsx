import { selectAnnouncement, useAnnouncementStore } from './announce';

/** The polite live region announce() speaks through: always in the page (a region added with its text is not read), out of sight. */
export function LiveRegion() {
  const { text, id } = useAnnouncementStore(selectAnnouncement);
  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="live-region">
      {/* a new node per announcement: the same words twice are still a change */}
      <span key={id}>{text}</span>
    </div>
  );
}
