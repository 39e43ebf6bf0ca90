/** English for the email views after the login form: one-time code, device approval, approvals, email update. */
export const enEmail = {
  'otp.sentTo': 'Enter the 6-digit code sent to {email}',
  'otp.label': 'One-time code',
  'otp.digit': 'Digit {n} of 6',
  'otp.verifying': 'Checking the code…',
  'otp.resend': 'Resend code',
  'otp.resendIn': 'Resend code in {seconds} s',
  'otp.codeSent': 'A new code is on its way',
  'device.sentTo': 'We sent a link to {email}. Open it on any device to approve this one; the code follows.',
  'device.waiting': 'Waiting for approval…',
  'approve.frameLabel': 'Secure wallet',
  'approve.loading': 'Loading the secure wallet…',
  'updateEmail.newLabel': 'New email',
  'updateEmail.primarySentTo': 'Enter the code sent to your current address, {email}',
  'updateEmail.secondarySentTo': 'Enter the code sent to your new address, {email}',
} as const
