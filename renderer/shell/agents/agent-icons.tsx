import { PathIcon } from '../icons';

/**
 * Agent and category icons: the gallery names them with short keys; each is drawn inline (no icon
 * fonts or CDNs under the CSP). Unknown keys get a generic spark.
 */
const paths: Record<string, string> = {
  chart: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  stethoscope: 'M6 3v6a4 4 0 008 0V3M10 13v3a5 5 0 0010 0v-2M20 14a2 2 0 100-4 2 2 0 000 4z',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z',
  headset: 'M4 14v-2a8 8 0 0116 0v2M4 14h3v6H5a1 1 0 01-1-1zM20 14h-3v6h2a1 1 0 001-1zM17 20a3 3 0 01-3 2h-2',
  code: 'M8 7l-5 5 5 5M16 7l5 5-5 5M14 4l-4 16',
  search: 'M11 18a7 7 0 100-14 7 7 0 000 14zM21 21l-5-5',
  eye: 'M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12zM12 15a3 3 0 100-6 3 3 0 000 6z',
  star: 'M12 3l2.8 5.8 6.2.9-4.5 4.4 1 6.2L12 17.4 6.5 20.3l1-6.2L3 9.7l6.2-.9z',
  briefcase: 'M3 8h18v12H3zM8 8V5a1 1 0 011-1h6a1 1 0 011 1v3M3 13h18',
  bank: 'M3 10l9-6 9 6M5 10v8M10 10v8M14 10v8M19 10v8M3 21h18',
  dollar: 'M12 3v18M17 7a4 4 0 00-4-2h-2a3 3 0 000 6h2a3 3 0 010 6h-2a4 4 0 01-4-2',
  heart: 'M12 20s-7-4.4-7-10a4 4 0 017-2.6A4 4 0 0119 10c0 5.6-7 10-7 10z',
  document: 'M6 3h8l4 4v14H6zM14 3v4h4M9 12h6M9 16h6',
  scale: 'M12 3v18M5 21h14M4 8h16M7 8l-3 7a3 3 0 006 0zM17 8l-3 7a3 3 0 006 0z',
  users: 'M9 11a4 4 0 100-8 4 4 0 000 8zM2 21a7 7 0 0114 0M16 3.5a4 4 0 010 7M22 21a7 7 0 00-4-6.3',
  chat: 'M4 5h16v11H9l-5 4z',
  mail: 'M3 5h18v14H3zM3 6l9 7 9-7',
  gear: 'M12 15a3 3 0 100-6 3 3 0 000 6zM19 12l2-1-1-3-2 .2-1.4-1.4L17 5l-3-1-1 2h-2L10 4 7 5l.4 1.8L6 8.2 4 8l-1 3 2 1v0l-2 1 1 3 2-.2 1.4 1.4L7 19l3 1 1-2h2l1 2 3-1-.4-1.8 1.4-1.4 2 .2 1-3z',
  lock: 'M6 11h12v10H6zM8 11V7a4 4 0 018 0v4',
  globe: 'M12 21a9 9 0 100-18 9 9 0 000 18zM3 12h18M12 3c3 3.5 3 14.5 0 18M12 3c-3 3.5-3 14.5 0 18',
  book: 'M4 4h6a2 2 0 012 2v14a2 2 0 00-2-2H4zM20 4h-6a2 2 0 00-2 2v14a2 2 0 012-2h6z',
  truck: 'M2 6h12v10H2zM14 10h4l3 3v3h-7M6 19a2 2 0 100-4 2 2 0 000 4zM17 19a2 2 0 100-4 2 2 0 000 4z',
  factory: 'M3 21V10l6 4v-4l6 4V5h4v16zM3 21h18',
  cart: 'M3 4h2l2.5 11h11L21 7H6.2M9 20a1 1 0 100-2 1 1 0 000 2zM18 20a1 1 0 100-2 1 1 0 000 2z',
  brain: 'M9 4a3 3 0 00-3 3 3 3 0 00-2 5 3 3 0 002 5 3 3 0 006 0V4zM15 4a3 3 0 013 3 3 3 0 012 5 3 3 0 01-2 5 3 3 0 01-6 0',
  lightning: 'M13 2L4 14h7l-1 8 9-12h-7z',
  grid: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
};

const fallback = 'M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8zM19 16l.8 2.2L22 19l-2.2.8L19 22l-.8-2.2L16 19l2.2-.8z';

export function AgentIcon({ name, size = 22 }: { name: string; size?: number }) {
  return <PathIcon d={paths[name] ?? fallback} size={size} className="agent-icon" />;
}
