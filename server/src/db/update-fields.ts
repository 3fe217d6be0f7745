/**
 * The fields of a partial update that carry a value. Kysely leaves `undefined` out of a `SET`,
 * and a `SET` with nothing in it is a PostgreSQL syntax error (a 500: issue 31 §6), so a store
 * checks what remains and answers a change that names no field without writing.
 */
export function definedFields<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** Whether a partial update names at least one field. */
export function hasFields(changes: object): boolean {
  return Object.values(changes).some((value) => value !== undefined);
}
