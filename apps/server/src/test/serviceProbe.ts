/** Whether a service a test file needs (Postgres, Redis) answered, and if not, why. */
export interface ServiceProbe {
  available: boolean
  /** Human-readable reason when unavailable. */
  reason: string
}

/**
 * Runs `check` (connect and ask something) against the service `name` at `url`, then `close` whatever happened;
 * a failure becomes the reason, naming the host and the error.
 */
export async function probeService(
  name: string,
  url: string,
  check: () => Promise<unknown>,
  close: () => Promise<unknown> | undefined,
): Promise<ServiceProbe> {
  try {
    await check()
    return { available: true, reason: '' }
  } catch (e) {
    const why = (e as Error).message || (e as { code?: string }).code
    return { available: false, reason: `${name} not reachable at ${new URL(url).host} (${why})` }
  } finally {
    await close()?.catch(() => {})
  }
}
