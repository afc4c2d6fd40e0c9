import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../../shared/format/dates';
import { ApiError } from '../../api/client';
import { linkTo } from '../../routes/links';
import { useDeployments, useEndedDeployment } from '../../queries/deployments';
import { revealRowWhenShown } from './reveal-row';
import './linked-deployment.css';

const withStop = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`);

/**
 * A link to one deployment (/deployments/id/<id>, from a notice): its row is scrolled to and marked
 * while it exists; once it is gone the page says so (when, by whom or why) instead of leaving the
 * reader to search a list it is no longer in.
 */
export function LinkedDeployment({ id }: { id: string }) {
  const list = useDeployments(true);
  const listed = list.data?.some((d) => d.id === id);
  const ended = useEndedDeployment(id, list.isSuccess && !listed);

  useEffect(() => {
    if (listed) revealRowWhenShown(id);
  }, [listed, id]);

  if (listed || !list.isSuccess || ended.isPending) return null;
  const gone = ended.data;
  return (
    <section className="surface linked-gone" role="status" data-testid="deployment-gone" aria-labelledby="deployment-gone-title">
      <h2 id="deployment-gone-title">{gone ? 'This deployment was deleted' : 'This deployment is not in this account'}</h2>
      {gone ? (
        <p>
          <strong>{gone.name}</strong> was deleted on <time dateTime={gone.deleted_at}>{formatDateTime(gone.deleted_at)}</time>
          {gone.deleted_by ? ` by ${gone.deleted_by}` : ''}.{gone.reason ? ` ${withStop(gone.reason)}` : ''} Its machine and data are gone; it is no longer billed.
        </p>
      ) : (
        <p>
          {ended.error instanceof ApiError && ended.error.status === 404
            ? 'It may belong to another account: switch accounts in the header if it was a team’s.'
            : 'It could not be looked up just now.'}
        </p>
      )}
      <Link to={linkTo('deployments')} className="btn btn-small">
        Show all deployments
      </Link>
    </section>
  );
}
