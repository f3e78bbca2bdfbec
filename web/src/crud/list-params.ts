import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type FilterValues = Record<string, string>;

export interface ListParams {
  filters: FilterValues;
  page: number;
  perPage: number;
}

const PER_PAGE_OPTIONS = [10, 20, 50, 100] as const;
export { PER_PAGE_OPTIONS };

/**
 * Filters and page live in the address, so a reload or a shared link shows the same list.
 * A filter absent from the address takes its default; an empty one in the address means
 * "cleared" and wins over the default.
 */
export function useListParams(defaults: FilterValues): {
  params: ListParams;
  search(filters: FilterValues): void;
  setPage(page: number): void;
  setPerPage(perPage: number): void;
} {
  const [searchParams, setSearchParams] = useSearchParams();
  const key = searchParams.toString();
  const defaultsKey = JSON.stringify(defaults);

  const params = useMemo<ListParams>(() => {
    const current = new URLSearchParams(key);
    const base = JSON.parse(defaultsKey) as FilterValues;
    const filters: FilterValues = {};
    for (const name of Object.keys(base)) filters[name] = current.get(name) ?? base[name] ?? '';
    const page = Math.max(1, Number(current.get('page')) || 1);
    const perPageValue = Number(current.get('per_page'));
    const perPage = PER_PAGE_OPTIONS.find((n) => n === perPageValue) ?? 20;
    return { filters, page, perPage };
  }, [key, defaultsKey]);

  const write = useCallback(
    (filters: FilterValues, page: number, perPage: number) => {
      const next = new URLSearchParams();
      for (const [name, value] of Object.entries(filters)) next.set(name, value);
      if (page > 1) next.set('page', String(page));
      if (perPage !== 20) next.set('per_page', String(perPage));
      setSearchParams(next, { replace: false });
    },
    [setSearchParams],
  );

  return {
    params,
    search: (filters) => write(filters, 1, params.perPage),
    setPage: (page) => write(params.filters, page, params.perPage),
    setPerPage: (perPage) => write(params.filters, 1, perPage),
  };
}
