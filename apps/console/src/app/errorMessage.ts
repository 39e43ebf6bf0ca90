import { ConsoleApiError } from '../api/consoleApi.ts'
import type { ConsoleMessageKey } from '../locale/en.ts'
import type { ConsoleTranslate } from '../locale/locale.tsx'

const KNOWN: Partial<Record<string, ConsoleMessageKey>> = {
  bad_credentials: 'error.bad_credentials',
  too_many_attempts: 'error.too_many_attempts',
  login_link_invalid: 'error.login_link_invalid',
  project_exists: 'error.project_exists',
  unknown_project: 'error.unknown_project',
  csrf_failed: 'error.csrf_failed',
  not_signed_in: 'error.not_signed_in',
  rate_limited: 'error.rate_limited',
}

/** What to tell the operator about a failed request, in their language. */
export function errorMessage(error: unknown, t: ConsoleTranslate): string {
  if (error instanceof ConsoleApiError) {
    if (error.code === 'operator_locked') {
      const seconds = (error.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds
      const minutes = typeof seconds === 'number' && seconds > 0 ? Math.ceil(seconds / 60) : 15
      return t('error.operator_locked', { minutes })
    }
    const key = KNOWN[error.code]
    if (key) return t(key)
    if (error.code === 'network_error') return t('error.network')
    if (error.status === 400) return t('error.bad_request', { message: error.message })
    return t('error.generic', { message: error.message })
  }
  return t('error.generic', { message: error instanceof Error ? error.message : String(error) })
}

/** Whether the error means the session is over: the app then shows the sign-in page. */
export function endsSession(error: unknown): boolean {
  return error instanceof ConsoleApiError && (error.status === 401 || error.code === 'csrf_failed')
}
