import { isStable } from '../deployments/releases';

export type GuideVariant = 'docs' | 'app';

/** The documentation guide pins nothing and shows the moving tag. */
export const docsImageTag = 'latest';

/**
 * The version picker's list. Spec 5 names dev, alpha and beta for stable mode; release
 * candidates (-rcN, interop) are pre-releases too, so stable mode hides every tag with a hyphen,
 * the same rule Launchpad uses for the "latest" version it offers installations.
 */
export function pickerVersions(versions: string[], includeDevBuilds: boolean): string[] {
  const clean = versions.map((v) => v.trim().replace(/^v/, '')).filter(Boolean);
  return includeDevBuilds ? clean : clean.filter(isStable);
}

/** Spec 9: latest in the documentation guide; in the app the first version without a hyphen, else the first. */
export function defaultImageTag(variant: GuideVariant, versions: string[]): string {
  if (variant === 'docs') return docsImageTag;
  return versions.find((v) => !v.includes('-')) ?? versions[0] ?? docsImageTag;
}
