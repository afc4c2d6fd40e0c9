import type { FilterField } from '../../shell/FiltersBar';
import type { BalanceFilters } from './view';

/** The balance's sign, applied as it is picked. */
export const balanceFilterFields: FilterField<keyof BalanceFilters>[] = [
  {
    kind: 'select',
    key: 'balance',
    label: 'Balance',
    options: [
      ['', 'Any balance'],
      ['positive', 'In credit'],
      ['zero', 'Zero'],
      ['negative', 'Overdrawn'],
    ],
  },
];
