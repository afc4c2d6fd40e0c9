import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { linkTo } from '../routes/links';
import type { AppRouteName } from '../routes/table';

export type SortDir = 'asc' | 'desc';
export interface ListSort<K extends string> {
  key: K;
  dir: SortDir;
}

/** What a list shows, all of it in the address, so a view can be bookmarked, shared and gone back to (Back and Forward). */
export interface ListView<F, K extends string> {
  filters: F;
  page: number;
  sort: ListSort<K> | undefined;
}

export interface ListViewCodec<F, K extends string> {
  read(query: Record<string, string>): ListView<F, K>;
  /** only what differs from the default, in a fixed order */
  write(view: ListView<F, K>): Record<string, string>;
}

/**
 * The address form of a list's view: each filter is a field of the list's shared zod schema (the
 * one the server validates), read on its own, so a parameter that does not read (a hand-edited
 * link) is left out rather than failing the page; `sort`/`dir` name a column; `page` from 1.
 */
export function listViewCodec<S extends z.ZodObject, K extends string>(schema: S, sortKeys: readonly K[]): ListViewCodec<Partial<z.output<S>>, K> {
  const keys = Object.keys(schema.shape);
  const isSortKey = (k: string): k is K => (sortKeys as readonly string[]).includes(k);
  return {
    read(query) {
      const filters: Record<string, unknown> = {};
      for (const key of keys) {
        const raw = query[key];
        if (raw === undefined || raw === '') continue;
        const parsed = (schema.shape[key] as z.ZodType).safeParse(raw);
        if (parsed.success && parsed.data !== undefined) filters[key] = parsed.data;
      }
      const page = Number(query.page);
      const sortKey = query.sort;
      return {
        filters: filters as Partial<z.output<S>>,
        page: Number.isInteger(page) && page >= 1 ? page : 1,
        sort: sortKey && isSortKey(sortKey) ? { key: sortKey, dir: query.dir === 'desc' ? 'desc' : 'asc' } : undefined,
      };
    },
    write(view) {
      const query: Record<string, string> = {};
      for (const key of keys) {
        const v = (view.filters as Record<string, unknown>)[key];
        if (v !== undefined && v !== '') query[key] = String(v as string | number | boolean);
      }
      if (view.sort) {
        query.sort = view.sort.key;
        query.dir = view.sort.dir;
      }
      if (view.page > 1) query.page = String(view.page);
      return query;
    },
  };
}

/** A click on a column: ascending first, then descending, then back to the list's own order. */
export function nextSort<K extends string>(current: ListSort<K> | undefined, key: K): ListSort<K> | undefined {
  if (current?.key !== key) return { key, dir: 'asc' };
  return current.dir === 'asc' ? { key, dir: 'desc' } : undefined;
}

/** The list's view read from the route's query, and `show` to go to another (a new history entry). */
export function useListView<F, K extends string>(name: AppRouteName, codec: ListViewCodec<F, K>, query: Record<string, string>) {
  const navigate = useNavigate();
  const view = codec.read(query);
  const show = (next: ListView<F, K>) => void navigate(linkTo(name, undefined, { query: codec.write(next) }));
  return { view, show };
}

/** The filters and order as the list's route and its CSV export take them (the page travels apart). */
export function listQuery<F extends object, K extends string>(view: Pick<ListView<F, K>, 'filters' | 'sort'>): F & { sort?: K; dir?: SortDir } {
  return { ...view.filters, ...(view.sort ? { sort: view.sort.key, dir: view.sort.dir } : {}) };
}
