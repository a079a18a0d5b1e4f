/** Spec §8: an application failure is logged with an id, name, message, the first 5 lines of the
 * component stack, URL and user agent. */
export interface FailureReport {
  id: string
  name: string
  message: string
  componentStack: string
  url: string
  userAgent: string
}

export function buildFailureReport(
  error: unknown,
  componentStack: string | undefined,
  env: { url: string; userAgent: string; newId?: () => string },
): FailureReport {
  const err = error instanceof Error ? error : new Error(String(error))
  return {
    id: (env.newId ?? (() => crypto.randomUUID()))(),
    name: err.name,
    message: err.message,
    componentStack: (componentStack ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .slice(0, 5)
      .join('\n'),
    url: env.url,
    userAgent: env.userAgent,
  }
}

/** Spec §4: retries are counted up to 3. */
export const MAX_ERROR_RETRIES = 3
