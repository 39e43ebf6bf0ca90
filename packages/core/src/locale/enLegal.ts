/**
 * English for the legal line under the Connect view's wallet list. `{terms}` and `{privacy}` mark where the links
 * go (the view puts the link texts there); only the sentence for the links the site gives is shown.
 */
export const enLegal = {
  'legal.termsAndPrivacy': 'By connecting your wallet, you agree to our {terms} and {privacy}',
  'legal.termsOnly': 'By connecting your wallet, you agree to our {terms}',
  'legal.privacyOnly': 'By connecting your wallet, you agree to our {privacy}',
  'legal.terms': 'Terms of Service',
  'legal.privacy': 'Privacy Policy',
} as const
