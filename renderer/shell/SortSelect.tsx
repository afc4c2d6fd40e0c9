import { OptionSelect } from './OptionSelect';
import type { ListSort } from './view-state';

/**
 * The order of a list whose header row is hidden (a table stacked into cards on a phone): the same
 * choices as the column headers, one option per column and direction.
 */
export function SortSelect<K extends string>({
  columns,
  sort,
  onSort,
  className,
}: {
  columns: readonly (readonly [label: string, key: K])[];
  sort: ListSort<K> | undefined;
  onSort(s: ListSort<K> | undefined): void;
  className?: string;
}) {
  const options: [string, string][] = [
    ['', 'Default order'],
    ...columns.flatMap(([label, key]): [string, string][] => [
      [`${key}:asc`, `${label} ↑`],
      [`${key}:desc`, `${label} ↓`],
    ]),
  ];
  const value = sort ? `${sort.key}:${sort.dir}` : '';
  return (
    <OptionSelect
      className={className}
      aria-label="Sort by"
      value={value}
      options={options}
      onChange={(v) => {
        const [key, dir] = v.split(':');
        const column = columns.find(([, k]) => k === key);
        onSort(column && (dir === 'asc' || dir === 'desc') ? { key: column[1], dir } : undefined);
      }}
    />
  );
}
