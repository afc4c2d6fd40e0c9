import { and, asc, count, desc, eq, like, or, sql, type SQL } from 'drizzle-orm';
import { oauthTypePrefix, unknownValue } from '../../shared/api/test-runs';
import type { Db } from '../db/client';
import { testArtifacts, testRuns } from '../db/schema';

export type TestRunRow = typeof testRuns.$inferSelect;
export type NewTestRunRow = typeof testRuns.$inferInsert;
export type ArtifactRow = typeof testArtifacts.$inferSelect;
export type NewArtifactRow = typeof testArtifacts.$inferInsert;

/** The partial unique index's predicate: only runs with a known build number are merged. */
const knownBuild = sql`${testRuns.buildNumber} <> 'unknown'`;

/** The OAuth Integration filter covers `oauth_integration` and the CI's `oauth_<provider>` types. */
function typeFilter(testType: string | undefined): SQL | undefined {
  if (!testType) return undefined;
  if (testType === 'oauth_integration') return or(eq(testRuns.testType, testType), like(testRuns.testType, `${oauthTypePrefix.replace('_', '\\_')}%`));
  return eq(testRuns.testType, testType);
}

export async function listRuns(db: Db, q: { page: number; perPage: number; testType: string | undefined }): Promise<{ rows: TestRunRow[]; total: number }> {
  const where = typeFilter(q.testType);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(testRuns)
      .where(where)
      .orderBy(desc(testRuns.createdAt), desc(testRuns.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ n: count() }).from(testRuns).where(where),
  ]);
  return { rows, total: totals?.n ?? 0 };
}

export async function findRun(db: Db, id: string): Promise<TestRunRow | undefined> {
  const [row] = await db.select().from(testRuns).where(eq(testRuns.id, id));
  return row;
}

/** The run these build identifiers name, locked for the rest of the transaction. */
export async function findRunByBuildForUpdate(db: Db, b: { branch: string; buildNumber: string; testType: string }): Promise<TestRunRow | undefined> {
  if (b.buildNumber === unknownValue) return undefined;
  const [row] = await db
    .select()
    .from(testRuns)
    .where(and(eq(testRuns.branch, b.branch), eq(testRuns.buildNumber, b.buildNumber), eq(testRuns.testType, b.testType)))
    .for('update');
  return row;
}

/** Inserts unless another upload for the same build got there first (then undefined). */
export async function insertRunIfNew(db: Db, row: NewTestRunRow): Promise<TestRunRow | undefined> {
  const [inserted] = await db
    .insert(testRuns)
    .values(row)
    .onConflictDoNothing({ target: [testRuns.branch, testRuns.buildNumber, testRuns.testType], where: knownBuild })
    .returning();
  return inserted;
}

export async function updateRun(db: Db, id: string, set: Partial<NewTestRunRow>): Promise<TestRunRow> {
  const [row] = await db.update(testRuns).set(set).where(eq(testRuns.id, id)).returning();
  if (!row) throw new Error(`test run ${id} vanished during its update`);
  return row;
}

export function listArtifacts(db: Db, runId: string): Promise<ArtifactRow[]> {
  return db.select().from(testArtifacts).where(eq(testArtifacts.runId, runId)).orderBy(asc(testArtifacts.filename));
}

export async function findArtifact(db: Db, runId: string, artifactId: string): Promise<ArtifactRow | undefined> {
  const [row] = await db
    .select()
    .from(testArtifacts)
    .where(and(eq(testArtifacts.runId, runId), eq(testArtifacts.id, artifactId)));
  return row;
}

/** Swaps a run's artifacts for a new set; answers the blob keys no row refers to any more. */
export async function replaceArtifacts(db: Db, runId: string, rows: NewArtifactRow[]): Promise<string[]> {
  const removed = await db.delete(testArtifacts).where(eq(testArtifacts.runId, runId)).returning({ blobKey: testArtifacts.blobKey });
  if (rows.length > 0) await db.insert(testArtifacts).values(rows);
  return removed.map((r) => r.blobKey);
}
