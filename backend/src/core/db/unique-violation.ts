/**
 * Whether a write failed on a unique index (PostgreSQL 23505, also when Drizzle wraps the driver's
 * error): the race a pre-check cannot rule out, answered with the field's German message, never a 500.
 */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}
