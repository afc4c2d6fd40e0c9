import { platform } from '../../../platform/index';
import { useBrand } from '../../../app/use-brand';
import { fullDocsUrl } from '../../../setup-guide/links';

/**
 * Interactive Guide (this page) and Full Documentation, which opens the external docs in a new
 * window (spec 2.10) rather than switching content, so it is a link-like button, not a tab panel.
 */
export function DocsTabs() {
  const brand = useBrand();
  return (
    <div className="inset sg-tabs docs-tabs" role="navigation" aria-label="Documentation">
      <span className="sg-tab active" aria-current="page">
        Interactive Guide
      </span>
      <button type="button" className="sg-tab" onClick={() => platform.openExternal(fullDocsUrl(brand))}>
        Full Documentation <span aria-hidden="true">↗</span>
        <span className="visually-hidden"> (opens in a new window)</span>
      </button>
    </div>
  );
}
