/**
 * English for the email views after the login form: the views that host the secure frame (which draws the code
 * entry, the email change and the devices list itself), resend, approvals, email update.
 */
export const enEmail = {
  'otp.resend': 'Resend code',
  'otp.resendIn': 'Resend code in {seconds} s',
  'otp.codeSent': 'A new code is on its way',
  'otp.tryAgain': 'Try again',
  'devices.row': 'Devices',
  'devices.manage': 'Manage',
  'accountType.row': 'Account type',
  'accountType.label': 'Account types',
  'accountType.eoa': 'Regular account',
  'accountType.eoaHint': 'Your key sends its own transactions and pays their gas.',
  'accountType.smartAccount': 'Smart account',
  'accountType.smartAccountHint':
    'The same address as a smart account: several calls in one approval, gas the site may pay.',
  'accountType.inUse': 'In use',
  'accountType.notDeployed': 'In use, set up with your first transaction',
  'accountType.unavailable': 'No network of this site offers a smart account, so your account is a regular one.',
  'approve.frameLabel': 'Secure wallet',
  'approve.loading': 'Loading the secure wallet…',
  'updateEmail.newLabel': 'New email',
} as const
