import { pingFiltersQuery } from '../../../shared/api/pings';
import type { PingFilters } from '../../queries/pings';
import { type ListView, listViewCodec } from '../../shell/view-state';
import { sortKeys, type SortKey } from './sort';

/** What the Ping Dashboard shows, all of it in the address (the shared list codec, shell/view-state.ts). */
export type PingView = ListView<PingFilters, SortKey>;

const codec = listViewCodec(pingFiltersQuery, sortKeys);

/** The view of an address's query; a parameter that does not read (a hand-edited link) is left out rather than failing the page. */
export const readPingView = (query: Record<string, string>): PingView => codec.read(query);

/** The query of a view: only what differs from the default, in a fixed order. */
export const pingViewQuery = (view: PingView): Record<string, string> => codec.write(view);
