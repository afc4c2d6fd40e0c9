import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Starts the longest test files first, so that the last minute of a run is not one long file on one
 * worker while the other idles. Vitest orders by the durations of the last run when it has them; a
 * fresh clone (CI) has none and Vitest then starts the largest files first, which put the three
 * longest unit files (78, 38 and 27 s) at the very end. The lists hold the files that took 10 s or
 * more on a 2-core machine, longest first; the rest follow in Vitest's own order.
 */
export function slowFirst(longest: readonly string[]) {
  const rank = new Map(longest.map((file, i) => [file, i]));
  return class SlowFirstSequencer extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(files);
      const rankOf = (spec: TestSpecification) => rank.get(path.relative(spec.project.config.root, spec.moduleId).split(path.sep).join('/')) ?? longest.length;
      // Array.prototype.sort is stable: unlisted files keep Vitest's order behind the listed ones.
      return sorted.sort((a, b) => rankOf(a) - rankOf(b));
    }
  };
}

/** The unit/integration files of 10 s or more (Stop 51, 2-core machine), longest first. */
export const longestUnitFiles = [
  'server/faults/faults.test.ts',
  'server/openapi/fuzz.test.ts',
  'server/openapi/fuzz.postgres.test.ts',
  'server/billing/create-race.test.ts',
  'server/pings/insights.integration.test.ts',
  'server/audit/exports.integration.test.ts',
  'server/billing/team-create-race.test.ts',
  'server/documents/kill-payment.integration.test.ts',
  'server/auth/external-issuer.integration.test.ts',
  'server/terminal/ends.integration.test.ts',
  'server/openapi/text-sweep.test.ts',
  'server/deployments/deployments.integration.test.ts',
  'server/auth/address-move.integration.test.ts',
  'server/deployments/providers/local/uid-claims.test.ts',
  'server/documents/numbering.integration.test.ts',
  'server/teams/team-matrix.integration.test.ts',
  'server/openapi/auth-matrix.test.ts',
  'server/cluster.postgres.test.ts',
] as const;

/** The e2e spec files of 20 s or more (Stop 51, 2-core machine), longest first. */
export const longestE2eFiles = [
  'e2e/screens.spec.ts',
  'e2e/accessibility.spec.ts',
  'e2e/external-issuer.spec.ts',
  'e2e/teams.spec.ts',
  'e2e/admin-alerts.spec.ts',
  'e2e/licenses.spec.ts',
  'e2e/deployments.spec.ts',
  'e2e/team-roles.spec.ts',
  'e2e/marketing.spec.ts',
  'e2e/billing.spec.ts',
  'e2e/public-site.spec.ts',
  'e2e/agents.spec.ts',
  'e2e/start.spec.ts',
] as const;
