/** The devnet's OpenID Connect stand-in for the social login providers, its test users and its test driver. */
export {
  type StandInConsent,
  StandInCookieJar,
  type StandInSignIn,
  StandInSignInError,
  signInWithStandIn,
} from './driver.ts'
export {
  DEMO_CLIENT_ID,
  DEMO_CLIENT_SECRET,
  type OidcStandIn,
  type OidcStandInOptions,
  oidcStandInPort,
  type StandInClient,
  socialCallbackUrl,
  startOidcStandIn,
} from './standIn.ts'
export { STAND_IN_USERS, type StandInUser, type StandInUserId, standInUsersFor } from './users.ts'
