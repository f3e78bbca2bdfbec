import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { PublicApiError, PUBLIC_API_TEXTS } from '../public-api';

/** What a section reads: its data once read, or why it could not be. */
export interface Loaded<T> {
  data: T | undefined;
  problem: string | null;
  /** Reads again (after a change), keeping what is shown meanwhile. */
  reload(): void;
  /** Puts an answer in place without reading again (a write answered the new state). */
  set(data: T): void;
}

/** The message of a failed call; anything but the API's refusal is a bug, for the console. */
export function problemOf(error: unknown): string {
  if (error instanceof PublicApiError) return error.message;
  console.error(error);
  return PUBLIC_API_TEXTS.failed;
}

/** Reads `load()` on arrival and on reload(); a late answer of a section left is dropped. */
export function useLoaded<T>(load: () => Promise<T>): Loaded<T> {
  const [data, setData] = useState<T>();
  const [problem, setProblem] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  // The caller's function of this render, without reading again each time it is a new one.
  const read = useEffectEvent(load);

  useEffect(() => {
    let live = true;
    read().then(
      (answer) => {
        if (!live) return;
        setData(answer);
        setProblem(null);
      },
      (error: unknown) => live && setProblem(problemOf(error)),
    );
    return () => {
      live = false;
    };
  }, [round]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { data, problem, reload, set: setData };
}
