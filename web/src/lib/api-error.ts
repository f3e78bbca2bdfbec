import type { ApiError as ApiErrorBody } from '@app/domain';

/**
 * A failed call: the HTTP status (0 when the server could not be reached), the server's
 * message and its `errors` map of field → messages, as the contract sends them (api §errors).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly errors: Record<string, string[]>;
  /** The envelope's own status: 'errorpwd' marks wrong credentials at login. */
  readonly kind: ApiErrorBody['status'] | undefined;
  /** True when this 401 ended the session: the session-expired notice already told the user. */
  readonly sessionExpired: boolean;
  /** A sign-in whose password was right: the account's second factor asks for its code. */
  readonly secondFactor: boolean;

  constructor(
    status: number,
    message: string,
    options: {
      errors?: Record<string, string[]>;
      kind?: ApiErrorBody['status'];
      sessionExpired?: boolean;
      secondFactor?: boolean;
    } = {},
  ) {
    super(message);
    this.status = status;
    this.errors = options.errors ?? {};
    this.kind = options.kind;
    this.sessionExpired = options.sessionExpired ?? false;
    this.secondFactor = options.secondFactor ?? false;
  }

  /** First message for a form field, for showing server errors under the inputs. */
  fieldError(field: string): string | undefined {
    return this.errors[field]?.[0];
  }
}

export function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/** A 429: the user's previous report or export still runs (or the server's are full). */
export function isBusy(error: unknown): boolean {
  return error instanceof ApiError && error.status === 429;
}
