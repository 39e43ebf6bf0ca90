import { enLegal } from '@foyer/core/internal'
import type { ReactNode } from 'react'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { useStyle } from '../../hooks/useStyle.ts'

const legalCss = `[data-foyer] .fo-legal{margin:0;text-align:center;font-size:12px;line-height:1.5;color:var(--foyer-muted)}
[data-foyer] .fo-legal a{color:var(--foyer-foreground);text-decoration:underline}`

/**
 * "By connecting your wallet, you agree to our Terms of Service and Privacy Policy", or the sentence for the one link
 * the site gives (`termsConditionsUrl`, `privacyPolicyUrl`, checked as http(s) URLs by the options); nothing when
 * it gives neither. The links open in a new tab without handing the site's window to the page they open.
 */
export function LegalNotice() {
  const { termsConditionsUrl: terms, privacyPolicyUrl: privacy } = useFoyerClient().options
  const { t } = useFoyerLocale(enLegal)
  useStyle('foyer-legal-style', legalCss)
  if (!terms && !privacy) return null
  const sentence = t(terms && privacy ? 'legal.termsAndPrivacy' : terms ? 'legal.termsOnly' : 'legal.privacyOnly')
  const link = (href: string | undefined, text: string, testId: string): ReactNode => (
    <a key={testId} href={href} target="_blank" rel="noopener noreferrer" data-testid={testId}>
      {text}
    </a>
  )
  // The translated sentence keeps `{terms}` and `{privacy}` where the links go, in the order its language wants.
  const parts = sentence
    .split(/(\{terms\}|\{privacy\})/)
    .map((part) =>
      part === '{terms}'
        ? link(terms, t('legal.terms'), 'legal-terms')
        : part === '{privacy}'
          ? link(privacy, t('legal.privacy'), 'legal-privacy')
          : part,
    )
  return (
    <p className="fo-legal" data-testid="legal-notice">
      {parts}
    </p>
  )
}
