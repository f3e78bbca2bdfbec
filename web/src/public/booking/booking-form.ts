import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { PublicApiError } from '../public-api';

/**
 * The booking steps' checks: each step validates with the server's own schema (domain/) and
 * shows each message on its field; a message about a field of another step, or of none, is the
 * step's notice.
 */

export type StepErrors<F extends string> = Partial<Record<F, string>>;

/** A message and the path of the field it is about ('mascota.nombre'). */
export type Message = readonly [path: string, message: string];

/** The first message of each of `fields`; `other` keeps the first about anything else. */
export function sortMessages<F extends string>(
  fields: readonly F[],
  messages: Iterable<Message>,
): { errors: StepErrors<F>; other?: string } {
  const errors: StepErrors<F> = {};
  let other: string | undefined;
  for (const [path, message] of messages) {
    const field = fields.find((name) => name === path);
    if (field) errors[field] ??= message;
    else other ??= message;
  }
  return { errors, other };
}

/** A zod error's issues as messages. */
export function issueMessages(issues: readonly { path: PropertyKey[]; message: string }[]) {
  return issues.map(({ path, message }): Message => [path.map(String).join('.'), message]);
}

/** A refusal's field messages, or its message alone when it names no field. */
export function refusalMessages(error: PublicApiError): Message[] {
  const named = Object.entries(error.errors).map(([path, messages]): Message => [
    path,
    messages[0] ?? error.message,
  ]);
  return named.length > 0 ? named : [['', error.message]];
}

/**
 * Focuses a field of `container` by its name once React has drawn what the same event changed
 * (a message, a field that appears). An effect, not a timer: a page in the background runs no
 * animation frames.
 */
export function useFocusByName(container: RefObject<HTMLElement | null>) {
  const pending = useRef<string | null>(null);
  useEffect(() => {
    if (pending.current === null) return;
    container.current?.querySelector<HTMLElement>(`[name="${pending.current}"]`)?.focus();
    pending.current = null;
  });
  return useCallback((name: string | undefined) => {
    pending.current = name ?? null;
  }, []);
}

/** The first of `fields` that has a message. */
export const firstError = <F extends string>(fields: readonly F[], errors: StepErrors<F>) =>
  fields.find((name) => errors[name]);

/** Rethrows anything that is not the API's refusal: a bug, for the console. */
export function asRefusal(error: unknown): PublicApiError {
  if (error instanceof PublicApiError) return error;
  throw error;
}
