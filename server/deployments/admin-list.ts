import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AdminDeploymentSortKey, AdminDeploymentsFilters } from '../../shared/api/deployments';
import type { Db } from '../db/client';
import { containsPattern } from '../db/like';
import { deployments, users } from '../db/schema';
import { exactTime, olderThan } from '../db/keyset';
import { visible } from './queries';

/** The Deployment Dashboard's filters as one condition over deployments joined with their owners. */
export function deploymentConditions(f: AdminDeploymentsFilters): SQL | undefined {
  const search = f.search ? containsPattern(f.search) : undefined;
  return and(
    visible(),
    search ? or(ilike(deployments.name, search), ilike(users.email, search), ilike(sql`${deployments.id}::text`, search), ilike(deployments.ipv4, search)) : undefined,
    f.status ? eq(deployments.status, f.status) : undefined,
    f.provider ? eq(deployments.provider, f.provider) : undefined,
    f.account ? eq(deployments.userId, f.account) : undefined,
  );
}

const sortColumns: Record<AdminDeploymentSortKey, SQL> = {
  name: sql`lower(${deployments.name})`,
  status: sql`${deployments.status}`,
  user: sql`lower(${users.email})`,
  provider: sql`${deployments.provider}`,
  version: sql`${deployments.version}`,
  created: sql`${deployments.createdAt}`,
};

/** One page in the chosen order (newest first by default; ties newest first), with the owner's e-mail and the count of all matches. */
export async function adminDeploymentsPage(db: Db, f: AdminDeploymentsFilters, page: number, size: number) {
  const where = deploymentConditions(f);
  const order = f.sort ? [(f.dir === 'desc' ? desc : asc)(sortColumns[f.sort])] : [];
  const [[c], rows] = await Promise.all([
    db.select({ n: count() }).from(deployments).leftJoin(users, eq(users.id, deployments.userId)).where(where),
    db
      .select({ deployment: deployments, userEmail: users.email })
      .from(deployments)
      .leftJoin(users, eq(users.id, deployments.userId))
      .where(where)
      .orderBy(...order, desc(deployments.createdAt), desc(deployments.id))
      .limit(size)
      .offset((page - 1) * size),
  ]);
  return { rows, total: c?.n ?? 0 };
}

/** The deployments matching the filters a page at a time, newest first, after the last row of the page before (the CSV export). */
export function deploymentsExportPage(db: Db, f: AdminDeploymentsFilters, limit: number, after: { atText: string; id: string } | undefined) {
  return db
    .select({
      atText: exactTime(deployments.createdAt),
      id: deployments.id,
      name: deployments.name,
      status: deployments.status,
      userEmail: users.email,
      provider: deployments.provider,
      typeId: deployments.typeId,
      ipv4: deployments.ipv4,
      version: deployments.version,
      hourlyRateCents: deployments.hourlyRateCents,
      createdAt: deployments.createdAt,
    })
    .from(deployments)
    .leftJoin(users, eq(users.id, deployments.userId))
    .where(and(deploymentConditions(f), olderThan(deployments.createdAt, deployments.id, after)))
    .orderBy(desc(deployments.createdAt), desc(deployments.id))
    .limit(limit);
}
