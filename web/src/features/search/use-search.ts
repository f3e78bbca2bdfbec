import { debounce } from '@mui/material/utils';
import { SEARCH_ENDPOINTS, SEARCH_MIN_LENGTH } from '@app/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { call, queryKey } from '../../lib/api';

/** Typing settles this long before the server is asked. */
const DEBOUNCE_MS = 250;

/**
 * The global search as one types (`GET /api/buscar`, issue 30 §1): the box's text, and what the
 * server found for it once typing settled. The navbar's box and the booking forms' client
 * finder (issue 30 §2) both read it.
 */
export function useSearch() {
  const [input, setInput] = useState('');
  const [term, setTerm] = useState('');
  const settle = useMemo(() => debounce((value: string) => setTerm(value), DEBOUNCE_MS), []);
  useEffect(() => () => settle.clear(), [settle]);

  const searching = term.length >= SEARCH_MIN_LENGTH;
  const results = useQuery({
    queryKey: queryKey(SEARCH_ENDPOINTS.search, { query: { q: term } }),
    queryFn: ({ signal }) => call(SEARCH_ENDPOINTS.search, { query: { q: term }, signal }),
    enabled: searching,
    // What was found stays while the next words are asked for: the list does not flicker.
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
  return {
    input,
    /** The box's new text; the server is asked once typing settles. */
    type(text: string) {
      setInput(text);
      settle(text.trim());
    },
    searching,
    /** What was found for the settled text, while it is long enough to search. */
    shown: searching ? results.data : undefined,
    fetching: results.isFetching,
    failed: results.isError,
    tooShort: input.trim().length < SEARCH_MIN_LENGTH,
  };
}
