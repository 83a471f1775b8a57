/** A row as Knex answers it: the presenters turn it into a typed view. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Knex rows are untyped
export type DbRow = Record<string, any>;
