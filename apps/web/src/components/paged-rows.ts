/** A query of one page of a list, as the API answers it. */
type PageQuery<T> = {
  data: { data: T[]; meta: { total: number } } | undefined;
  isLoading: boolean;
  isPlaceholderData: boolean;
  error: unknown;
};

/** A DataTable's rows, total and loading states from the query of the page it shows. */
export function pagedRows<T>(query: PageQuery<T>) {
  return {
    rows: query.data?.data,
    total: query.data?.meta.total ?? 0,
    loading: query.isLoading,
    refreshing: query.isPlaceholderData,
    error: query.error,
  };
}
