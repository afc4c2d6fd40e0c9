import type { RawRelease } from '../../shared/deployments/releases';

/** Used when the code host cannot be reached (always, on machines without internet). Newest first. */
export const bundledReleases: RawRelease[] = ['2.12.2', '2.12.1', '2.12.1-rc2', '2.12.0', '2.12.0-rc1', '2.11.4', '2.11.3', '2.11.2', '2.11.0', '2.10.7', '2.10.6', '2.10.0'].map((tag_name) => ({
  tag_name,
  draft: false,
  prerelease: tag_name.includes('-'),
}));
