/**
 * Helpers for journeys with the embedded (email) wallet: the mail sink's inbox, signing up through the secure frame,
 * and a "hostile site" handle that talks to the frame the way any script on the site's page can (postMessage from
 * the parent window, styles on the iframe's container) — the frame must hold up against exactly that.
 */
import type { Page } from '@playwright/test'
import type { Address } from 'viem'
import { expect } from './fixtures.ts'

export const INBOX = 'http://127.0.0.1:8025'
export const FRAME = 'http://127.0.0.1:5174'

type Mail = { subject: string; text: string; receivedAt: string }
export async function mails(to: string): Promise<Mail[]> {
  return (await (await fetch(`${INBOX}/messages?to=${encodeURIComponent(to)}`)).json()) as Mail[]
}
/** The newest mail to `to` received after `after` whose subject matches, waiting for it to arrive. */
export async function nextMail(to: string, after: string, subject: RegExp): Promise<Mail> {
  let found: Mail | undefined
  await expect
    .poll(
      async () => {
        found = (await mails(to)).find((m) => m.receivedAt >= after && subject.test(m.subject))
        return Boolean(found)
      },
      { timeout: 15_000 },
    )
    .toBe(true)
  return found!
}
export const codeOf = (mail: Mail) => /\b(\d{6})\b/.exec(mail.subject)![1]!
export const since = () => new Date(Date.now() - 1000).toISOString()
export const modalView = (page: Page) => page.getByTestId('foyer-modal').locator('[data-view]')
export const frameOf = (page: Page) => page.frameLocator(`iframe[src^="${FRAME}"]`)

/**
 * A new email on the demo page at `path`: the code typed in the frame's own screen, the recovery code saved; returns
 * the new wallet's address.
 */
export async function signUpWithEmail(page: Page, email: string, path = '/'): Promise<Address> {
  const started = since()
  await page.goto(path)
  await page.getByTestId('connect-button').click()
  await page.getByTestId('email-input').fill(email)
  await page.getByTestId('email-submit').click()
  await expect(modalView(page)).toHaveAttribute('data-view', 'EmailVerifyOtp')
  await frameOf(page)
    .getByTestId('frame-code-input')
    .fill(codeOf(await nextMail(email, started, /login code/)))
  await expect(frameOf(page).getByTestId('frame-recovery-code')).toBeVisible({ timeout: 15_000 })
  await frameOf(page).getByTestId('frame-recovery-saved').click()
  await expect(page.getByTestId('account-button')).toBeVisible()
  await expect(page.getByTestId('wagmi-address')).toHaveText(/^0x[0-9a-fA-F]{40}$/)
  return (await page.getByTestId('wagmi-address').textContent()) as Address
}

export type FrameAnswer =
  | { ok: true; result: unknown }
  | { ok: false; error: { code: string; message: string; rpcCode?: number } }

/**
 * What a script on the site's page can do to the frame: post any request (as the parent window, so the frame
 * accepts it) and read the answers, restyle or cover the iframe's container.
 */
export function hostileSite(page: Page) {
  return {
    /** Posts a request to the frame; returns its id (the answer is read with `answer`). */
    post: (type: string, payload: unknown) =>
      page.evaluate(
        ({ type, payload, frameOrigin }) => {
          const w = window as unknown as { __attackAnswers?: Record<string, unknown> }
          if (!w.__attackAnswers) {
            const answers: Record<string, unknown> = {}
            w.__attackAnswers = answers
            addEventListener('message', (event) => {
              const data = event.data as { kind?: string; id?: string }
              if (event.origin === frameOrigin && data?.kind === 'response' && typeof data.id === 'string')
                answers[data.id] = data
            })
          }
          const id = `attack-${crypto.randomUUID()}`
          const iframe = document.querySelector<HTMLIFrameElement>(`iframe[src^="${frameOrigin}"]`)!
          iframe.contentWindow!.postMessage(
            { channel: 'foyer:embedded', version: 1, kind: 'request', id, type, payload },
            frameOrigin,
          )
          return id
        },
        { type, payload, frameOrigin: FRAME },
      ),
    /** The frame's answer to `id`, or undefined while there is none. */
    answer: (id: string) =>
      page.evaluate(
        (id) => (window as unknown as { __attackAnswers?: Record<string, FrameAnswer> }).__attackAnswers?.[id],
        id,
      ) as Promise<FrameAnswer | undefined>,
    async waitAnswer(id: string, timeout = 15_000): Promise<FrameAnswer> {
      let found: FrameAnswer | undefined
      await expect
        .poll(
          async () => {
            found = await this.answer(id)
            return Boolean(found)
          },
          { timeout },
        )
        .toBe(true)
      return found!
    },
    /** CSS (with !important, so it beats the modal's own positioning) on the element that holds the iframe. */
    styleFrame: (css: string) =>
      page.evaluate((css) => {
        let style = document.getElementById('attack-style')
        if (!style) {
          style = document.createElement('style')
          style.id = 'attack-style'
          document.head.appendChild(style)
        }
        style.textContent = css ? `[data-foyer-frame]{${css}}` : ''
      }, css),
    /** A page element laid over the frame that lets clicks through (the classic clickjacking set-up). */
    coverFrame: (covered: boolean) =>
      page.evaluate((covered) => {
        document.getElementById('attack-cover')?.remove()
        if (!covered) return
        const rect = document.querySelector('[data-foyer-frame]')!.getBoundingClientRect()
        const cover = document.createElement('div')
        cover.id = 'attack-cover'
        cover.style.cssText = `position:fixed;left:${rect.left}px;top:${rect.top}px;width:${rect.width}px;height:${rect.height - 60}px;z-index:2147483647;pointer-events:none;background:#fff;opacity:.95`
        document.body.appendChild(cover)
      }, covered),
  }
}
