import { useEffect, useRef } from 'react';
import type { Deployment } from '../../../shared/api/deployments';
import { announce } from '../../shell/announce';
import { statusChanges } from './status-changes';

/** Announces each deployment whose status changed since the last poll ("kb-vm: installing"), politely. */
export function useStatusAnnouncements(deployments: readonly Pick<Deployment, 'id' | 'name' | 'status'>[] | undefined): void {
  const known = useRef<ReadonlyMap<string, string> | undefined>(undefined);
  useEffect(() => {
    if (!deployments) return;
    const said = statusChanges(known.current, deployments);
    known.current = new Map(deployments.map((d) => [d.id, d.status]));
    if (said) announce(said);
  }, [deployments]);
}
