import type { ReactNode } from 'react';

interface Props {
  items: readonly (readonly [label: string, text: ReactNode])[];
  /** `terms`: a `<dl>` of dt/dd pairs; `headings`: a `<div>` of h3/p blocks (cards, columns) */
  kind: 'terms' | 'headings';
  className?: string;
  /** the box around each pair */
  item?: 'div' | 'article';
  itemClassName?: string;
}

/** Label/text pairs, each pair in its own box so a grid can lay them out. */
export function PairList({ items, kind, className, item: Item = 'div', itemClassName }: Props) {
  const [List, Label, Text] = kind === 'terms' ? (['dl', 'dt', 'dd'] as const) : (['div', 'h3', 'p'] as const);
  return (
    <List className={className}>
      {items.map(([label, text]) => (
        <Item key={label} className={itemClassName}>
          <Label>{label}</Label>
          <Text>{text}</Text>
        </Item>
      ))}
    </List>
  );
}
