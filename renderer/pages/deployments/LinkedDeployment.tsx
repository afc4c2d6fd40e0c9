import { useEffect } from 'react';
import { formatDateTime } from '../../../shared/format/dates';
import { linkTo } from '../../routes/links';
import { useDeployments, useEndedDeployment } from '../../queries/deployments';
import { GoneNotice, withStop } from '../../shell/GoneNotice';
import { revealRowWhenShown } from './reveal-row';

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
    <GoneNotice
      testId="deployment-gone"
      title="This deployment was deleted"
      missingTitle="This deployment is not in this account"
      gone={gone !== undefined}
      error={ended.error}
      back={{ to: linkTo('deployments'), label: 'Show all deployments' }}
    >
      {gone && (
        <p>
          <strong>{gone.name}</strong> was deleted on <time dateTime={gone.deleted_at}>{formatDateTime(gone.deleted_at)}</time>
          {gone.deleted_by ? ` by ${gone.deleted_by}` : ''}.{gone.reason ? ` ${withStop(gone.reason)}` : ''} Its machine and data are gone; it is no longer billed.
        </p>
      )}
    </GoneNotice>
  );
}
