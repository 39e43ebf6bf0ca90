import { useFeatureEnabled } from '../../hooks/useProjectFeatures.ts'
import { EmailLoginForm } from '../email/EmailLoginForm.tsx'

/**
 * Connect's email field, shown once the project's settings say email login is on (the site enabled it already).
 * A chunk of its own: Connect is fetched before any click, and a site without email login needs neither the form
 * nor the project's settings there.
 */
export function ConnectEmailLogin() {
  return useFeatureEnabled('email') ? <EmailLoginForm /> : null
}
