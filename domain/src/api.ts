import { z } from 'zod';

/** Shapes of the API contract (api §envelope, §paging, §errors), shared by server and web. */

export interface ApiSuccess<T> {
  status: 'success';
  data: T;
  message?: string;
}

export const ApiErrorSchema = z.strictObject({
  status: z.enum(['error', 'errorpwd']),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** The Laravel paginator the spec's `data.data` comes from. */
export interface Page<T> {
  current_page: number;
  data: T[];
  per_page: number;
  total: number;
  last_page: number;
  /** True when `total` is an estimate: counting stopped at a cap. */
  total_is_estimate?: boolean;
  /** The `after` of the next page (keyset paging), null on the last one. */
  next_cursor: string | null;
}

export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 20;

/**
 * The success envelope around `data`, as a schema: what a route declares as its response, so
 * tests check what the server answers. Strict: a field the record does not name (a hash...)
 * fails the check instead of leaking.
 */
export const successOf = <T extends z.ZodType>(data: T) =>
  z.strictObject({ status: z.literal('success'), data, message: z.string().optional() });

/** A list page of `row`s, as a schema (the `Page` above). */
export const pageOf = <T extends z.ZodType>(row: T) =>
  z.strictObject({
    current_page: z.number().int(),
    data: z.array(row),
    per_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
    total_is_estimate: z.boolean().optional(),
    next_cursor: z.string().nullable(),
  });

/** Date and time as the API writes it: ISO 8601 text. */
export const isoDateTime = z.string();
/** numeric(10,2) as text: '45.00'. */
export const money = z.string().regex(/^-?\d+\.\d{2}$/);
/** `YYYY-MM-DD`. */
export const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The answer of a call that only reports it was done: `data` is null, `message` says what. */
export const DoneSchema = successOf(z.null());
