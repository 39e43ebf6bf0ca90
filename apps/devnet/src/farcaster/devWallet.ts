/**
 * The wallet side of Sign in with Farcaster, as a Farcaster client does it, for the dev wallet app and for tests:
 * read the request behind a sign-in link from the relay, build the Sign in with Farcaster message (FIP-11: a SIWE
 * message with statement "Farcaster Auth", chain id 10 and the `farcaster://fid/<fid>` resource) with
 * `@farcaster/auth-client`'s wallet client, sign it with the fid's custody key and post it to the relay with the
 * dev auth key. Browser-safe.
 */
import { createWalletClient, type StatusAPIResponse } from '@farcaster/auth-client'
import type { Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { FARCASTER_DEV_AUTH_KEY, type FarcasterTestUser, farcasterAvatarUrl } from './users.ts'

export type SignInParams = StatusAPIResponse['signatureParams']

export interface SignInRequest {
  channelToken: string
  params: SignInParams
}

/** Typed errors of the dev wallet's Farcaster side. */
export class FarcasterLinkError extends Error {
  override name = 'FarcasterLinkError'
}

/** The channel token of a sign-in link (`https://farcaster.xyz/~/siwf?channelToken=…` or any URL carrying one). */
export function channelTokenOf(link: string): string {
  let url: URL
  try {
    url = new URL(link.trim())
  } catch {
    throw new FarcasterLinkError('That is not a Sign in with Farcaster link')
  }
  const token = url.searchParams.get('channelToken')
  if (!token) throw new FarcasterLinkError('The link has no channel token')
  return token
}

const walletClient = (relayUrl: string) =>
  // The wallet client never reads the chain; the connector only fills a required field.
  createWalletClient({ relay: relayUrl, ethereum: undefined as never })

/** What the site asks for: the channel's domain, URI, nonce and lifetime, read from the relay. */
export async function readSignInRequest(relayUrl: string, link: string): Promise<SignInRequest> {
  const channelToken = channelTokenOf(link)
  const res = await fetch(`${relayUrl.replace(/\/$/, '')}/v1/channel/status`, {
    headers: { authorization: `Bearer ${channelToken}` },
  })
  if (res.status === 401) throw new FarcasterLinkError('This sign-in request has expired or was already answered')
  if (res.status !== 202) throw new FarcasterLinkError(`The relay answered ${res.status}`)
  const status = (await res.json()) as StatusAPIResponse
  return { channelToken, params: status.signatureParams }
}

export interface ApproveOptions {
  relayUrl: string
  request: SignInRequest
  user: FarcasterTestUser
  /** The key that signs: the fid's custody key (tests pass another to see it refused). */
  privateKey: Hex
  authKey?: string
  /** Tests only: change the message's fields (domain, nonce, …) to see them refused. */
  overrides?: { domain?: string; nonce?: string; uri?: string; expirationTime?: string }
}

export async function approveSignIn(options: ApproveOptions): Promise<{ message: string; signature: Hex }> {
  const { relayUrl, request, user } = options
  const account = privateKeyToAccount(options.privateKey)
  const wallet = walletClient(relayUrl)
  const { params } = request
  const built = wallet.buildSignInMessage({
    address: account.address,
    fid: user.fid,
    uri: options.overrides?.uri ?? params.siweUri,
    domain: options.overrides?.domain ?? params.domain,
    nonce: options.overrides?.nonce ?? params.nonce,
    ...(params.notBefore ? { notBefore: new Date(params.notBefore) } : {}),
    ...(options.overrides?.expirationTime || params.expirationTime
      ? { expirationTime: new Date(options.overrides?.expirationTime ?? params.expirationTime!) }
      : {}),
    ...(params.requestId ? { requestId: params.requestId } : {}),
  })
  if (built.isError) throw new FarcasterLinkError(`Cannot build the message: ${built.error?.message}`)
  const signature = await account.signMessage({ message: built.message })
  const sent = await wallet.authenticate({
    channelToken: request.channelToken,
    authKey: options.authKey ?? FARCASTER_DEV_AUTH_KEY,
    message: built.message,
    signature,
    fid: user.fid,
    username: user.username,
    displayName: user.displayName,
    bio: user.bio,
    pfpUrl: farcasterAvatarUrl(relayUrl, user.fid),
  })
  if (sent.isError) throw new FarcasterLinkError(`The relay did not answer: ${sent.error?.message}`)
  if (sent.response.status !== 201) throw new FarcasterLinkError(`The relay refused it (${sent.response.status})`)
  return { message: built.message, signature }
}
