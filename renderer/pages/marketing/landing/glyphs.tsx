/** Inline line icons for the landing and code pages (no icon font or CDN: the CSP allows neither). */
const glyphs = {
  research: 'M11 4a7 7 0 105.3 11.6L20 19.3M8 11h6M11 8v6',
  support: 'M4 13v-1a8 8 0 0116 0v1M4 13h3v5H5a1 1 0 01-1-1v-4zm16 0h-3v5h2a1 1 0 001-1v-4zM17 18a4 4 0 01-4 3h-1',
  coding: 'M8 8l-4 4 4 4M16 8l4 4-4 4M13.5 5l-3 14',
  vision: 'M2 12s3.6-6 10-6 10 6 10 6-3.6 6-10 6S2 12 2 12zm10 3a3 3 0 100-6 3 3 0 000 6z',
  models: 'M12 3l8 4.5v9L12 21l-8-4.5v-9L12 3zm0 0v18M4 7.5l8 4.5 8-4.5',
  rag: 'M4 5c0-1.1 3.6-2 8-2s8 .9 8 2-3.6 2-8 2-8-.9-8-2zm0 0v14c0 1.1 3.6 2 8 2s8-.9 8-2V5M4 12c0 1.1 3.6 2 8 2s8-.9 8-2',
  evals: 'M9 11l2 2 4-4M5 4h14v16H5z',
  gpu: 'M4 7h16v10H4zM8 7V4M12 7V4M16 7V4M8 20v-3M12 20v-3M16 20v-3M8 10h8v4H8z',
  auth: 'M7 11V8a5 5 0 0110 0v3M5 11h14v10H5zM12 15v2',
  local: 'M4 5h16v11H4zM2 20h20M9 16v4M15 16v4',
  cloud: 'M7 18h10a4 4 0 000-8 6 6 0 00-11.6 1.5A3.5 3.5 0 007 18z',
  onprem: 'M4 4h16v6H4zM4 14h16v6H4zM8 7h.01M8 17h.01',
  hybrid: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM9 12l2 2 4-4',
  play: 'M8 5v14l11-7z',
  close: 'M6 6l12 12M18 6L6 18',
  desktop: 'M3 4h18v12H3zM8 20h8M12 16v4',
  board: 'M4 4h16v16H4zM9 4v16M15 4v16',
  bolt: 'M13 2L4 14h7l-1 8 9-12h-7z',
  spec: 'M7 3h8l4 4v14H7zM15 3v4h4M10 12h6M10 16h6',
} as const;

export type GlyphName = keyof typeof glyphs;

export function Glyph({ name, size = 22 }: { name: GlyphName; size?: number }) {
  return (
    <svg
      className="lp-glyph"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={glyphs[name]} />
    </svg>
  );
}
