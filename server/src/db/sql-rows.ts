/** `db.execute` answers `{ rows }` through both drivers; its type does not say so. */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  const rows = (result as { rows?: unknown }).rows;
  return (Array.isArray(rows) ? rows : Array.isArray(result) ? result : []) as T[];
}
