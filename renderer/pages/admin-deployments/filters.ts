import { deploymentStatuses, endedStatuses, providerNames } from '../../../shared/deployments/vocabulary';
import type { FilterField } from '../../shell/FiltersBar';
import { optionsOf } from '../../shell/FiltersBar';
import type { DeploymentFilters } from './view';

/** Status and provider, applied as they are picked (deleted deployments are not listed, so they are not offered). */
export const deploymentFilterFields: FilterField<keyof DeploymentFilters>[] = [
  {
    kind: 'select',
    key: 'status',
    label: 'Status',
    options: optionsOf(
      'Any status',
      deploymentStatuses.filter((s) => !endedStatuses.includes(s)),
    ),
  },
  { kind: 'select', key: 'provider', label: 'Provider', options: optionsOf('Any provider', providerNames, (p) => p) },
];
