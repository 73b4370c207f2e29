/**
 * What repositories inject: the Database, which is the ambient transaction inside
 * `UnitOfWork.run` and the base database outside (see unit-of-work.ts).
 */
export const DB = Symbol('DB');
/** The opened database with its driver, migrations and shutdown; the base database, never the ambient one. */
export const DB_HANDLE = Symbol('DB_HANDLE');
