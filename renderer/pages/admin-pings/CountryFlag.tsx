// The SVG flags of country-flag-icons as files of their own (vite.config.ts keeps them out of the
// bundle): this page's chunk holds only their addresses, and a browser fetches the flags on screen.
const flagFiles = import.meta.glob<string>('../../../node_modules/country-flag-icons/3x2/*.svg', { query: '?url', import: 'default', eager: true });
const flagFile = (code: string | null) => (code && /^[A-Z]{2}$/.test(code) ? flagFiles[`../../../node_modules/country-flag-icons/3x2/${code}.svg`] : undefined);

/**
 * A country as its flag (SVG) and its two-letter code in text; the place in full as the tooltip.
 * A country geoip could not place reads "Unknown" (no empty flag, no "??"); a code without a
 * flag shows the code alone.
 */
export function CountryFlag({ code, place }: { code: string | null; place: string }) {
  const url = flagFile(code);
  const label = place || 'Unknown location';
  if (!code)
    return (
      <span className="country country-unknown" title={label} data-testid="country">
        Unknown
      </span>
    );
  return (
    <span className="country" title={label} data-testid="country">
      {url && <img className="flag" src={url} alt="" width={18} height={12} />}
      <span className="country-code" aria-hidden="true">
        {code}
      </span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
