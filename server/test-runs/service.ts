import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { CiTestResultFields, TestRunDetail, TestRunsQuery, TestRunsResponse } from '../../shared/api/test-runs';
import { unknownValue } from '../../shared/api/test-runs';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { InvalidInput, NotFound, TooLarge } from '../domain-errors';
import type { BlobObject, BlobStore } from './blob-store';
import { capText, classify, pickMainLog, stripCommonFolder } from './classify';
import * as q from './queries';
import { runDetailToWire, runToWire } from './serialize';
import { inspectZip, readZipFile, ZipRejected, type ZipFile } from './unzip';

export interface IngestLimits {
  /** the uploaded zip itself */
  maxUploadBytes: number;
  /** all files decompressed, added up */
  maxUncompressedBytes: number;
  /** entries in the zip */
  maxFiles: number;
  /** the main log's text kept in the database */
  maxLogContentBytes: number;
}

export const defaultIngestLimits: IngestLimits = {
  maxUploadBytes: 50 * 1024 * 1024,
  maxUncompressedBytes: 200 * 1024 * 1024,
  maxFiles: 2000,
  maxLogContentBytes: 1024 * 1024,
};

export interface TestRunDeps {
  db: Db;
  clock: Clock;
  blobs: BlobStore;
  logger: Logger;
  /** read per request, so tests can set it on a running server */
  ciSecret: string | undefined;
  limits: IngestLimits;
}

/** Statuses of a run that has not finished: it has no completed time and shows Running.... */
export const unfinishedStatuses = new Set(['running', 'pending']);

interface StoredArtifact extends q.NewArtifactRow {
  id: string;
}

/** Turns what the zip checks refused into the API's domain error: too big is TooLarge, the rest InvalidInput. */
function rejectionToError(err: ZipRejected): TooLarge | InvalidInput {
  const details = err.entry === undefined ? undefined : { entry: err.entry };
  if (err.reason === 'too-large' || err.reason === 'too-many-files') return new TooLarge(err.message, details);
  return new InvalidInput(err.message, details);
}

/**
 * Checks the zip completely, then writes each file to the blob store one at a time. Nothing is
 * written unless the whole archive passed; a failure while writing removes what was written.
 */
async function storeArtifacts(deps: TestRunDeps, zip: Uint8Array, now: Date): Promise<{ artifacts: StoredArtifact[]; logContent: string | null }> {
  let files: ZipFile[];
  try {
    files = inspectZip(zip, { maxFiles: deps.limits.maxFiles, maxTotalBytes: deps.limits.maxUncompressedBytes });
  } catch (err) {
    if (err instanceof ZipRejected) throw rejectionToError(err);
    throw err;
  }
  const names = stripCommonFolder(files.map((f) => f.path));
  const mainLog = pickMainLog(files.map((f, i) => ({ path: names[i]!, size: f.size })));
  const artifacts: StoredArtifact[] = [];
  let logContent: string | null = null;
  try {
    for (const [i, file] of files.entries()) {
      const data = readZipFile(zip, file);
      const filename = names[i]!;
      const kind = classify(filename, data.subarray(0, 16));
      const id = randomUUID();
      const blobKey = `test-artifacts/${id}`;
      await deps.blobs.put(blobKey, data, kind.contentType);
      artifacts.push({ id, runId: '', filename, fileType: kind.fileType, conversationLog: kind.conversationLog, contentType: kind.contentType, sizeBytes: data.length, blobKey, createdAt: now });
      if (i === mainLog) logContent = capText(data, deps.limits.maxLogContentBytes);
    }
  } catch (err) {
    await removeBlobs(
      deps,
      artifacts.map((a) => a.blobKey),
    );
    throw err;
  }
  return { artifacts, logContent };
}

async function removeBlobs(deps: TestRunDeps, keys: string[]): Promise<void> {
  for (const key of keys) {
    await deps.blobs.delete(key).catch((err: unknown) => deps.logger.warn({ err, key }, 'removing a test artifact blob failed'));
  }
}

function errorMessageOf(f: CiTestResultFields): string | null {
  if (f.error_message) return f.error_message.replaceAll('\0', '');
  if (f.status === 'failed' && f.exit_code !== null && f.exit_code !== 0) return `Exited with code ${f.exit_code}`;
  return null;
}

/**
 * One upload from CI. A run is created, or — when a run with the same branch, build number and
 * test type exists (a known build number only) — completed or updated. A new zip replaces the
 * run's artifacts; an upload without one keeps them. A run that has finished is not set back to
 * running by a late "running" upload.
 */
export async function ingestTestResult(deps: TestRunDeps, f: CiTestResultFields, zip: Uint8Array | undefined): Promise<{ run: TestRunDetail; created: boolean }> {
  const now = deps.clock.now();
  const stored = zip ? await storeArtifacts(deps, zip, now) : undefined;
  const finished = !unfinishedStatuses.has(f.status);
  const fields = {
    status: f.status,
    commit: f.commit,
    buildUrl: f.build_url,
    durationSeconds: f.duration === null ? null : Math.round(f.duration),
    exitCode: f.exit_code,
    errorMessage: errorMessageOf(f),
    completedAt: finished ? now : null,
    updatedAt: now,
    ...(stored ? { logContent: stored.logContent, screenshotCount: stored.artifacts.filter((a) => a.fileType === 'screenshot').length } : {}),
  };
  const build = { branch: f.branch, buildNumber: f.build_number, testType: f.test_type };

  let replaced: string[] = [];
  let result: { row: q.TestRunRow; created: boolean };
  try {
    result = await deps.db.transaction(async (tx) => {
      let existing = await q.findRunByBuildForUpdate(tx, build);
      let created = false;
      let row: q.TestRunRow | undefined;
      if (!existing) {
        row = await q.insertRunIfNew(tx, { ...build, ...fields, createdAt: now });
        created = row !== undefined;
        // Another upload for this build committed in between: update that one.
        if (!row) existing = await q.findRunByBuildForUpdate(tx, build);
      }
      if (!row) {
        if (!existing) throw new Error('test run upsert found no row');
        const regress = existing.completedAt !== null && !finished;
        row = await q.updateRun(tx, existing.id, {
          ...fields,
          ...(regress ? { status: existing.status, completedAt: existing.completedAt, errorMessage: existing.errorMessage } : {}),
          commit: f.commit === unknownValue ? existing.commit : f.commit,
          buildUrl: f.build_url ?? existing.buildUrl,
          durationSeconds: fields.durationSeconds ?? existing.durationSeconds,
          exitCode: f.exit_code ?? existing.exitCode,
        });
      }
      if (stored)
        replaced = await q.replaceArtifacts(
          tx,
          row.id,
          stored.artifacts.map((a) => ({ ...a, runId: row.id })),
        );
      return { row, created };
    });
  } catch (err) {
    if (stored)
      await removeBlobs(
        deps,
        stored.artifacts.map((a) => a.blobKey),
      );
    throw err;
  }
  await removeBlobs(deps, replaced);
  return { run: runDetailToWire(result.row, await q.listArtifacts(deps.db, result.row.id)), created: result.created };
}

export async function listTestRuns(deps: Pick<TestRunDeps, 'db'>, query: TestRunsQuery): Promise<TestRunsResponse> {
  const { rows, total } = await q.listRuns(deps.db, { page: query.page, perPage: query.per_page, testType: query.test_type });
  return { test_runs: rows.map(runToWire), total_count: total };
}

export async function getTestRun(deps: Pick<TestRunDeps, 'db'>, id: string): Promise<TestRunDetail> {
  const run = await q.findRun(deps.db, id);
  if (!run) throw new NotFound('Test run not found');
  return runDetailToWire(run, await q.listArtifacts(deps.db, id));
}

export async function openArtifact(deps: Pick<TestRunDeps, 'db' | 'blobs'>, runId: string, artifactId: string): Promise<{ artifact: q.ArtifactRow; blob: BlobObject }> {
  const artifact = await q.findArtifact(deps.db, runId, artifactId);
  if (!artifact) throw new NotFound('Artifact not found');
  const blob = await deps.blobs.get(artifact.blobKey);
  if (!blob) throw new NotFound('Artifact content is missing');
  return { artifact, blob };
}
