/** English for the name registration views (RegisterAccountName, RegisterAccountNameSuccess). */
export const enNames = {
  'names.inputLabel': 'Name',
  'names.rule': 'Letters, digits and hyphens, at least 4 characters, starting and ending with a letter or digit.',
  'names.suggestions': 'Suggestions',
  'names.registered': 'Registered',
  'names.free': 'Available',
  'names.checking': 'Checking availability…',
  'names.available': '{name} is available',
  'names.taken': '{name} is already registered',
  'names.invalid': 'Use letters, digits and hyphens, at least 4 characters, starting and ending with a letter or digit',
  'names.register': 'Register',
  'names.signing': 'Sign the message in your wallet to register {name}',
  'names.success': '{name} is now the name of your account.',
  'names.backToAccount': 'Back to Account',
  'names.yours': 'Your names',
  'names.primary': 'Shown',
} as const
