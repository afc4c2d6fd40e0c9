/** Small line icons for the sidebar, drawn inline (the CSP allows no icon fonts or CDNs). */
export type IconName =
  | 'home'
  | 'agents'
  | 'cloud'
  | 'server'
  | 'key'
  | 'wallet'
  | 'gauge'
  | 'signal'
  | 'shield'
  | 'coins'
  | 'flask'
  | 'user'
  | 'team'
  | 'menu'
  | 'close'
  | 'back'
  | 'bell'
  | 'mail'
  | 'warning'
  | 'monitor'
  | 'cluster'
  | 'cog'
  | 'rocket'
  | 'brain'
  | 'check-circle';

const paths: Record<IconName, string> = {
  home: 'M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10',
  agents: 'M12 3v3M8 6h8a3 3 0 013 3v6a3 3 0 01-3 3H8a3 3 0 01-3-3V9a3 3 0 013-3zM9 12h.01M15 12h.01M9 21h6',
  cloud: 'M7 18h10a4 4 0 000-8 6 6 0 00-11.6 1.5A3.5 3.5 0 007 18z',
  server: 'M4 4h16v6H4zM4 14h16v6H4zM8 7h.01M8 17h.01',
  key: 'M14 10a4 4 0 10-3.2 3.9L13 16h2v2h2v2h3v-3l-6.1-6.1A4 4 0 0014 10zM8.5 9.5h.01',
  wallet: 'M3 7h16a2 2 0 012 2v8a2 2 0 01-2 2H5a2 2 0 01-2-2V7zm0 0l12-4v4M16 13h.01',
  gauge: 'M4 18a8 8 0 1116 0M12 18l4-6',
  signal: 'M4 20v-4M9 20v-8M14 20v-12M19 20V4',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z',
  coins: 'M12 8c4 0 7-1.3 7-3s-3-3-7-3-7 1.3-7 3 3 3 7 3zM5 5v6c0 1.7 3 3 7 3s7-1.3 7-3V5M5 11v6c0 1.7 3 3 7 3s7-1.3 7-3v-6',
  flask: 'M9 3h6M10 3v6l-5 9a2 2 0 002 3h10a2 2 0 002-3l-5-9V3M7.5 14h9',
  user: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 21a8 8 0 0116 0',
  team: 'M9 11a3.5 3.5 0 100-7 3.5 3.5 0 000 7zM2.5 20a6.5 6.5 0 0113 0M16 4.3a3.5 3.5 0 010 6.4M18 14.3a6.5 6.5 0 013.5 5.7',
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6L6 18',
  back: 'M15 18l-6-6 6-6',
  bell: 'M6 16V11a6 6 0 0112 0v5l2 2H4l2-2zM10 21h4',
  mail: 'M3 6h18v12H3zM3 6l9 7 9-7',
  warning: 'M12 3l10 18H2L12 3zM12 10v5M12 18h.01',
  monitor: 'M3 4h18v12H3zM8 20h8M12 16v4',
  cluster: 'M12 2l8.5 5v10L12 22l-8.5-5V7zM12 8v8M8.5 10l7 4M15.5 10l-7 4',
  cog: 'M12 15a3 3 0 100-6 3 3 0 000 6zM12 2v3M12 19v3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M2 12h3M19 12h3M4.9 19.1L7 17M17 7l2.1-2.1',
  rocket: 'M5 15c-1.5 1.5-2 4-2 6 2 0 4.5-.5 6-2M9 15l-3-3c1-4 4-8 10-9 0 6-4 9-8 10zM15 9h.01M8 12H4l3-4h4M12 16v4l4-3v-4',
  brain: 'M9 4a3 3 0 00-3 3 3 3 0 00-2 5 3 3 0 002 5 3 3 0 006 0V7a3 3 0 00-3-3zM15 4a3 3 0 013 3 3 3 0 012 5 3 3 0 01-2 5 3 3 0 01-6 0',
  'check-circle': 'M12 21a9 9 0 100-18 9 9 0 000 18zM8 12l3 3 5-6',
};

/** A 24-unit line icon drawn from one path, in the current text colour. */
export function PathIcon({ d, size, className }: { d: string; size: number; className: string }) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}

export function Icon({ name, size = 18 }: { name: IconName; size?: number }) {
  return <PathIcon d={paths[name]} size={size} className="icon" />;
}
