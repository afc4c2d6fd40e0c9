import type { Db } from '../db/client';
import type { DeploymentRow } from './queries';

export interface VersionChange {
  from: string | null;
  to: string;
  succeeded: boolean;
  at: Date;
}

/** The signed-in person who changed a deployment (in a team: which member). */
export interface DeploymentActor {
  id: string;
  email: string;
}

/**
 * What a deployment's owner is told as it moves on by itself, or when someone deletes it or changes its timeout. Each is written with the `tx` that
 * records the change, so both commit or neither; a notice that cannot be written is logged and
 * does not undo the change (the implementation in server/notifications/service.ts never throws).
 */
export interface DeploymentNotices {
  ready(tx: Db, d: DeploymentRow): Promise<void>;
  failed(tx: Db, d: DeploymentRow, reason: string): Promise<void>;
  versionChanged(tx: Db, d: DeploymentRow, change: VersionChange): Promise<void>;
  deleted(tx: Db, d: DeploymentRow, by: DeploymentActor): Promise<void>;
  timeoutChanged(tx: Db, d: DeploymentRow, by: DeploymentActor): Promise<void>;
}

/** Runs a change of the deployment row and, when it took, its owner's notice, in one transaction. */
export function changeWithNotice(db: Db, change: (tx: Db) => Promise<DeploymentRow | undefined>, tell: ((tx: Db, d: DeploymentRow) => Promise<void>) | undefined): Promise<DeploymentRow | undefined> {
  return db.transaction(async (tx) => {
    const row = await change(tx);
    if (row && tell) await tell(tx, row);
    return row;
  });
}

/** The failure notice with its reason, for `changeWithNotice`. */
export const failedNotice = (notices: DeploymentNotices | undefined, reason: string) => notices && ((tx: Db, d: DeploymentRow) => notices.failed(tx, d, reason));
