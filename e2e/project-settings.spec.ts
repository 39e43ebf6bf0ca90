/**
 * The project's settings on the Foyer server decide what the modal offers: the demo opened with a project whose
 * swaps the operator turned off shows no Swap in Account (the demo's own project shows it: e2e/swap-send-receive).
 */

import { expect, openAccount, test } from './fixtures.ts'
import { NO_SWAPS_PROJECT } from './no-swaps-project.ts'

test('a project with swaps off shows no swap in Account', async ({ page, wallet }) => {
  void wallet
  const modal = await openAccount(page, `/?project=${NO_SWAPS_PROJECT.id}`)
  // History is on for the project: its row shows once the project's answer is in.
  await expect(modal.getByTestId('account-activity')).toBeVisible()
  await expect(modal.getByTestId('account-send')).toBeVisible()
  await expect(modal.getByTestId('account-swap')).toHaveCount(0)
})
