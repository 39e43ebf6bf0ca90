import {
  EmailRateLimitedError,
  EmbeddedWalletError,
  type FoyerError,
  RequestAbortedError,
  RpcNotAllowedError,
  SocialLoginCancelledError,
  SocialLoginExpiredError,
  SocialLoginFailedError,
  SocialProviderUnavailableError,
  UserRejectedRequestError,
} from '@foyer/core'
import type { FrameError } from '../messages/messages.ts'

/** An error the wallet's JSON-RPC answered with, kept with its EIP-1193 / JSON-RPC code for viem. */
export class EmbeddedRpcError extends EmbeddedWalletError {
  override name = 'EmbeddedRpcError'
  readonly rpcCode: number
  constructor({ rpcCode, message }: { rpcCode: number; message: string }) {
    super({ code: 'failed', details: message })
    this.rpcCode = rpcCode
  }
}

/** Turns an error the frame answered with into Foyer's typed error for it. */
export function toFoyerFrameError(error: FrameError, method?: string): FoyerError {
  switch (error.code) {
    case 'rate_limited':
      return new EmailRateLimitedError({ seconds: Math.max(1, error.retryAfterSeconds ?? 30) })
    case 'rejected':
      return withRpcCode(new UserRejectedRequestError({ details: error.message }), 4001)
    case 'aborted':
      return new RequestAbortedError({ details: error.message })
    case 'not_allowed':
      return new RpcNotAllowedError({ method })
    case 'invalid_code':
    case 'code_expired':
    case 'too_many_attempts':
    case 'email_taken':
    case 'unauthorized':
      return new EmbeddedWalletError({ code: error.code, details: error.message })
    case 'invalid_request':
      return new EmbeddedWalletError({
        code: /email/i.test(error.message) ? 'invalid_email' : 'failed',
        details: error.message,
      })
    case 'login_cancelled':
      return new SocialLoginCancelledError({ details: error.message })
    case 'login_expired':
      return new SocialLoginExpiredError({ details: error.message })
    case 'login_failed':
    case 'login_not_found':
      return new SocialLoginFailedError({ details: error.message })
    case 'provider_not_configured':
    case 'provider_unavailable':
      return new SocialProviderUnavailableError({ details: error.message })
    case 'rpc_error':
      return new EmbeddedRpcError({ rpcCode: error.rpcCode ?? -32603, message: error.message })
    default:
      return new EmbeddedWalletError({ code: 'failed', details: error.message })
  }
}

/** EIP-1193 callers (viem) read `code`: 4001 for a decline. */
export function withRpcCode<error extends Error>(error: error, code: number): error & { code: number } {
  return Object.assign(error, { code })
}
