import type { ApiSuccess } from '@app/domain';

/** The contract's success envelope: `{ status: 'success', data, message }`. */
export function ok<T>(data: T, message?: string): ApiSuccess<T> {
  return message === undefined ? { status: 'success', data } : { status: 'success', data, message };
}
