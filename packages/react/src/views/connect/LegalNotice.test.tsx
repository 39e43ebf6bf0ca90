// @vitest-environment jsdom
import { InvalidOptionError } from '@foyer/core'
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { setupFoyer } from '../../test/fakeAdapter.ts'
import { byTestId, cleanup, queryTestId, waitFor } from '../../test/render.tsx'
import { renderModal } from '../../test/renderModal.tsx'

afterEach(cleanup)

const TERMS = 'https://site.example/terms'
const PRIVACY = 'https://site.example/privacy'
/** The line is a chunk of its own, fetched when Connect shows on a site with a legal link. */
const legalLine = () => waitFor(() => byTestId('legal-notice'))

describe('the legal line under Connect', () => {
  it('links both documents, each in a new tab without access to the site’s window', async () => {
    await renderModal('Connect', { site: { termsConditionsUrl: TERMS, privacyPolicyUrl: PRIVACY } })
    expect((await legalLine()).textContent).toBe(
      'By connecting your wallet, you agree to our Terms of Service and Privacy Policy',
    )
    for (const [testId, href, text] of [
      ['legal-terms', TERMS, 'Terms of Service'],
      ['legal-privacy', PRIVACY, 'Privacy Policy'],
    ] as const) {
      const link = byTestId<HTMLAnchorElement>(testId)
      expect(link.tagName).toBe('A')
      expect(link.href).toBe(href)
      expect(link.textContent).toBe(text)
      expect(link.target).toBe('_blank')
      expect(link.rel).toBe('noopener noreferrer')
    }
  })

  it('names only the document the site gives', async () => {
    await renderModal('Connect', { site: { termsConditionsUrl: TERMS } })
    expect((await legalLine()).textContent).toBe('By connecting your wallet, you agree to our Terms of Service')
    expect(queryTestId('legal-privacy')).toBeNull()
    await cleanup()
    await renderModal('Connect', { site: { privacyPolicyUrl: PRIVACY } })
    expect((await legalLine()).textContent).toBe('By connecting your wallet, you agree to our Privacy Policy')
    expect(queryTestId('legal-terms')).toBeNull()
  })

  it('has no line without either', async () => {
    await renderModal('Connect')
    // Long enough for the line's chunk to arrive had it been asked for (the tests above wait for it the same way).
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)))
    expect(queryTestId('legal-notice')).toBeNull()
  })

  it('is translated', async () => {
    const { foyer } = await renderModal('Connect', { site: { termsConditionsUrl: TERMS, privacyPolicyUrl: PRIVACY } })
    await legalLine()
    await act(async () => foyer.setLocale('es'))
    expect(byTestId('legal-notice').textContent).toBe(
      'Al conectar tu billetera, aceptas nuestros Términos del servicio y nuestra Política de privacidad',
    )
    expect(byTestId<HTMLAnchorElement>('legal-privacy').href).toBe(PRIVACY)
  })

  it('takes only http(s) links: others are refused when the client is made', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,hi', '/terms', 'ftp://site.example/terms'])
      expect(() => setupFoyer({ site: { termsConditionsUrl: url } })).toThrow(InvalidOptionError)
    expect(() => setupFoyer({ site: { privacyPolicyUrl: 'javascript:void 0' } })).toThrow(
      expect.objectContaining({ option: 'privacyPolicyUrl' }),
    )
  })
})
