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
  'approve.frameLabel': 'Secure wallet',
  'approve.loading': 'Loading the secure wallet…',
  'updateEmail.newLabel': 'New email',
} as const
