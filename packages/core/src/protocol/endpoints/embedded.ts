// The embedded wallet (only the secure frame calls these): the endpoints (name, method, path) of these routes. A module per feature, so a bundle holds only
// the paths of the features it loads.

export const embeddedConfig = { name: 'embeddedConfig', method: 'GET', path: '/v1/embedded/config' } as const
export const embeddedEmailStart = {
  name: 'embeddedEmailStart',
  method: 'POST',
  path: '/v1/embedded/email/start',
} as const
export const embeddedEmailVerify = {
  name: 'embeddedEmailVerify',
  method: 'POST',
  path: '/v1/embedded/email/verify',
} as const
export const embeddedDeviceApprovePage = {
  name: 'embeddedDeviceApprovePage',
  method: 'GET',
  path: '/v1/embedded/device/approve',
} as const
export const embeddedDeviceApprove = {
  name: 'embeddedDeviceApprove',
  method: 'POST',
  path: '/v1/embedded/device/approve',
} as const
export const embeddedSession = { name: 'embeddedSession', method: 'GET', path: '/v1/embedded/session' } as const
export const embeddedWallet = { name: 'embeddedWallet', method: 'POST', path: '/v1/embedded/wallet' } as const
export const embeddedSignOut = { name: 'embeddedSignOut', method: 'POST', path: '/v1/embedded/sign-out' } as const
export const embeddedDevices = { name: 'embeddedDevices', method: 'GET', path: '/v1/embedded/devices' } as const
export const embeddedDeviceRevoke = {
  name: 'embeddedDeviceRevoke',
  method: 'POST',
  path: '/v1/embedded/devices/revoke',
} as const
export const embeddedEmailUpdate = {
  name: 'embeddedEmailUpdate',
  method: 'POST',
  path: '/v1/embedded/email/update',
} as const
export const embeddedEmailUpdatePrimary = {
  name: 'embeddedEmailUpdatePrimary',
  method: 'POST',
  path: '/v1/embedded/email/update/primary',
} as const
export const embeddedEmailUpdateSecondary = {
  name: 'embeddedEmailUpdateSecondary',
  method: 'POST',
  path: '/v1/embedded/email/update/secondary',
} as const

// Social login and Sign in with Farcaster: start a flow (its token goes to the frame only), the provider's redirect
// back, and the frame's wait for the flow's end.
export const embeddedSocialStart = {
  name: 'embeddedSocialStart',
  method: 'POST',
  path: '/v1/embedded/social/:provider/start',
} as const
export const embeddedSocialCallback = {
  name: 'embeddedSocialCallback',
  method: 'GET',
  path: '/v1/embedded/social/:provider/callback',
} as const
export const embeddedSocialFinish = {
  name: 'embeddedSocialFinish',
  method: 'POST',
  path: '/v1/embedded/social/finish',
} as const
/** The frame's paymaster service (ERC-7677 JSON-RPC), for the signed-in person's smart account. */
export const embeddedPaymaster = {
  name: 'embeddedPaymaster',
  method: 'POST',
  path: '/v1/embedded/paymaster',
} as const
