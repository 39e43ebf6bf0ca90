/**
 * The email change, entirely in the frame: the person confirms "from A to B", enters the code sent to A (proof
 * they still own it), then the code sent to B. The site only names B; it never sees a code.
 */
import { FrameHostError } from '@foyer/embedded/host'
import { t } from '../screens.ts'
import type { ServerApi } from '../serverApi.ts'
import { askCode } from './codeScreen.ts'
import { confirmEmailChange } from './confirmEmailChange.ts'

export async function changeEmailInFrame({
  api,
  token,
  from,
  to,
}: {
  api: ServerApi
  token: string
  from: string
  to: string
}): Promise<string> {
  if (!(await confirmEmailChange(from, to))) throw new FrameHostError('rejected', 'The email change was cancelled')
  await api.updateEmail(token, to)
  await askCode({
    title: t('frame.changeEmailCurrentTitle'),
    body: t('frame.changeEmailCodeBody', { email: from }),
    check: async (otp) => void (await api.updateEmailPrimary(token, otp)),
  })
  let changed: string | undefined
  await askCode({
    title: t('frame.changeEmailNewTitle'),
    body: t('frame.changeEmailCodeBody', { email: to }),
    check: async (otp) => {
      changed = (await api.updateEmailSecondary(token, otp)).email
    },
  })
  return changed!
}
