import { Link } from 'react-router-dom';
import { platform } from '../platform/index';
import { linkTo } from '../routes/links';

/**
 * Spec 2.10: Manage Licenses opens /licenses in a new tab, so the half-filled guide stays as it
 * is. The desktop app has no tabs (new windows open in the system browser, where a file:// path
 * means nothing), so there it navigates in place.
 */
export function ManageLicensesLink() {
  if (platform.routing === 'hash') {
    return (
      <Link className="btn btn-small" to={linkTo('licenses')}>
        Manage Licenses
      </Link>
    );
  }
  return (
    <a className="btn btn-small" href={linkTo('licenses')} target="_blank" rel="noopener noreferrer">
      Manage Licenses
    </a>
  );
}
