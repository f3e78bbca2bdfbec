import { useState } from 'react';

/**
 * The value a dialog shows, kept after it goes back to null: the dialog fades out with its
 * content and its title instead of as an empty, nameless box (axe's aria-dialog-name caught one
 * mid-exit).
 */
export function useLastShown<T>(value: T | null): T | null {
  const [kept, setKept] = useState(value);
  if (value !== null && value !== kept) setKept(value);
  return value ?? kept;
}
