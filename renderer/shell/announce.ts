import { create } from 'zustand';

interface Announcement {
  text: string;
  /** a new number each time, so the same words said twice are read twice */
  id: number;
}

export const useAnnouncementStore = create<Announcement>()(() => ({ text: '', id: 0 }));

export const selectAnnouncement = (s: Announcement) => s;

/**
 * Says `text` to screen-reader users through the app's polite live region (LiveRegion), for what
 * changes out of sight of the focus: a created or deleted deployment, its state, a new timeout, logs ready.
 */
export function announce(text: string): void {
  useAnnouncementStore.setState((s) => ({ text, id: s.id + 1 }));
}
