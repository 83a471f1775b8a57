/** A page of rows as every paged find answers: Feathers' `{total, limit, skip, data}`. */
export interface Page<T> {
  total: number;
  limit: number;
  skip: number;
  data: T[];
}

/**
 * A page of the release overview (`bills-of-lading`, `containers`): `totalCapped` says the server
 * stopped counting at `total` (there are more), which it does in the default order.
 */
export interface OverviewPage<T> extends Page<T> {
  totalCapped: boolean;
}
