import { statusIcon, type StatusIconName } from './format';

const paths: Record<StatusIconName, string> = {
  check: 'M5 12.5l4.5 4.5L19 7.5',
  cross: 'M6 6l12 12M18 6L6 18',
  cycle: 'M20 12a8 8 0 01-14.3 4.9M4 12a8 8 0 0114.3-4.9M18.5 3v4.2h-4.2M5.5 21v-4.2h4.2',
  pause: 'M9 6v12M15 6v12',
};

/** The run's status as an icon (public-site 4), with the status as its accessible name. */
export function StatusIcon({ status, size = 18 }: { status: string; size?: number }) {
  const { icon, tone } = statusIcon(status);
  return (
    <span className={`run-status run-status-${tone}`} role="img" aria-label={status} title={status} data-status={status}>
      <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
        <path d={paths[icon]} />
      </svg>
    </span>
  );
}
