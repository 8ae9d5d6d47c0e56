import dayjs from 'dayjs';
import { useState } from 'react';
import {
  DEFAULT_RANGE_PRESET,
  resolveRangeSelection,
  type DateRange,
  type RangeSelection,
} from '../../../lib/date-ranges';
import { useAddressQuery } from './use-address-query';

interface SelectionAddress<Query> {
  parse: (params: URLSearchParams) => Query;
  serialize: (params: URLSearchParams, query: Query) => string;
}

/**
 * The state both correlation parameter selections share: the query read from the address and the range
 * choice, the preset "today" (spec part 2 §4) until the address or the user gives dates. `update` writes
 * every change to the address, replacing the entry (so Back leaves the page), with a preset written as the
 * dates it stands for now; `resolvedRange` is what Explore opens the charts with.
 */
export function useSelectionAddress<Query extends { range: DateRange | null }>({
  parse,
  serialize,
}: SelectionAddress<Query>) {
  const { query, params, navigate } = useAddressQuery(parse);
  const [rangeSelection, setRangeSelection] = useState<RangeSelection>(() =>
    query.range ? { choice: 'custom', range: query.range } : { choice: DEFAULT_RANGE_PRESET },
  );

  const update = (change: Partial<Query>, selection = rangeSelection) =>
    navigate(
      {
        search: serialize(params, {
          ...query,
          range: resolveRangeSelection(selection, dayjs()),
          ...change,
        }),
      },
      { replace: true },
    );
  // The range card's value and change, as the selection frame takes them.
  const dates = {
    rangeSelection,
    onRangeChange: (selection: RangeSelection) => {
      setRangeSelection(selection);
      update({}, selection);
    },
  };
  const resolvedRange = () => resolveRangeSelection(rangeSelection, dayjs());
  return { query, params, navigate, update, dates, resolvedRange };
}
