/** Whether `error` is PostgreSQL's unique violation, optionally of one constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string }
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint)
}

export function isForeignKeyViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string }
  return e?.code === '23503' && (constraint === undefined || e.constraint === constraint)
}

/** Runs `fn`, turning a unique violation of `constraint` into `onConflict()`'s error. */
export async function onUnique<T>(
  fn: () => Promise<T>,
  constraint: string,
  onConflict: () => Error,
): Promise<T> {
  try {
    return await fn()
  } catch (error) {
    if (isUniqueViolation(error, constraint)) throw onConflict()
    throw error
  }
}
