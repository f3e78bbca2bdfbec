/** Shapes of the API contract (DESIGN §4), shared by server and web. */

export interface ApiSuccess<T> {
  status: 'success';
  data: T;
  message?: string;
}

export interface ApiError {
  status: 'error' | 'errorpwd';
  message: string;
  errors?: Record<string, string[]>;
}

/** The Laravel paginator the spec's `data.data` comes from. */
export interface Page<T> {
  current_page: number;
  data: T[];
  per_page: number;
  total: number;
  last_page: number;
  /** True when `total` is an estimate: counting stopped at a cap. */
  total_is_estimate?: boolean;
}

export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 20;
