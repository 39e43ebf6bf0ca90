/**
 * Signs in at the OpenID Connect stand-in without a browser: the same HTTP steps a person's browser takes on its
 * pages (pick a test user, then Allow / Deny / Fail sign-in), with a cookie jar of its own and every redirect
 * followed by hand. It stops at the redirect to the client's redirect_uri and returns that URL without calling
 * it, so the test decides when the callback arrives.
 */
import type { StandInUserId } from './users.ts'

export type StandInConsent = 'allow' | 'deny' | 'fail'

export interface StandInSignIn {
  /** The test user to pick (STAND_IN_USERS). */
  user: StandInUserId
  /** allow (the default) gives `code` and `state`; deny gives `error=access_denied`; fail `error=server_error`. */
  consent?: StandInConsent
  /**
   * The browser's cookies at the stand-in, to keep its session from one sign-in to the next (a fresh jar, so no
   * session, unless given). With a session the stand-in skips the user list unless the client sends prompt=login.
   */
  cookies?: StandInCookieJar
}

/** Thrown when the stand-in does not answer as its pages do (a wrong URL, an unknown user, a page it refused). */
export class StandInSignInError extends Error {
  override name = 'StandInSignInError'
}

const MAX_STEPS = 20

/** The cookies one browser holds at the stand-in (it serves one host, so paths are not told apart). */
export class StandInCookieJar {
  #cookies = new Map<string, string>()
  header(): string {
    return [...this.#cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  }
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const at = pair.indexOf('=')
      if (at < 1) continue
      const name = pair.slice(0, at).trim()
      const value = pair.slice(at + 1).trim()
      const expired = attributes.some((a) => {
        const [key, v] = a.trim().split('=')
        return key?.toLowerCase() === 'expires' && v !== undefined && Date.parse(v) <= Date.now()
      })
      if (!value || expired) this.#cookies.delete(name)
      else this.#cookies.set(name, value)
    }
  }
}

function withoutQuery(url: string): string {
  const u = new URL(url)
  return `${u.origin}${u.pathname}`
}

/**
 * Runs the sign-in that `authorizationUrl` starts and returns the final redirect to the client's redirect_uri
 * (with `code` and `state`, or `error` and `state`), not followed.
 */
export async function signInWithStandIn(authorizationUrl: string | URL, options: StandInSignIn): Promise<URL> {
  const start = new URL(authorizationUrl)
  const redirectUri = start.searchParams.get('redirect_uri')
  if (!redirectUri) throw new StandInSignInError('the authorization URL has no redirect_uri')
  const target = withoutQuery(redirectUri)
  const consent = options.consent ?? 'allow'
  const jar = options.cookies ?? new StandInCookieJar()

  let request: { url: string; form?: URLSearchParams } = { url: start.href }
  for (let step = 0; step < MAX_STEPS; step++) {
    const response = await fetch(request.url, {
      method: request.form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(request.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: request.form?.toString(),
    })
    jar.take(response)
    const location = response.headers.get('location')
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel()
      const next = new URL(location, request.url)
      if (withoutQuery(next.href) === target) return next
      request = { url: next.href }
      continue
    }
    const html = await response.text()
    if (response.status !== 200)
      throw new StandInSignInError(`the stand-in answered ${response.status} at ${request.url}: ${summary(html)}`)
    const page = request.url
    const autoPost = autoSubmittedForm(html, page)
    if (autoPost) {
      // oidc-provider's self-submitting form: a sign-in as another user first ends the session it had.
      if (withoutQuery(autoPost.url) === target)
        throw new StandInSignInError('the client asked for response_mode=form_post, which this driver does not follow')
      request = autoPost
    } else if (html.includes('data-testid="stand-in-allow"')) {
      request = { url: page, form: new URLSearchParams({ action: consent }) }
    } else if (html.includes('name="user"')) {
      if (!html.includes(`data-testid="stand-in-user-${options.user}"`))
        throw new StandInSignInError(`the stand-in does not offer the user "${options.user}" at ${page}`)
      // A failing sign-in picks the user first, then fails at the consent step, as a person would.
      request = { url: page, form: new URLSearchParams({ action: 'login', user: options.user }) }
    } else {
      throw new StandInSignInError(`unexpected page at ${page}: ${summary(html)}`)
    }
  }
  throw new StandInSignInError(`no redirect to ${target} after ${MAX_STEPS} steps`)
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

/** Undoes the HTML escaping of an attribute value. */
function decodeEntities(value: string): string {
  return value.replace(/&(?:#(\d+)|#x([0-9a-f]+)|(amp|lt|gt|quot|apos));/gi, (match, dec, hex, name) => {
    if (dec) return String.fromCodePoint(Number(dec))
    if (hex) return String.fromCodePoint(Number.parseInt(hex, 16))
    return NAMED_ENTITIES[String(name).toLowerCase()] ?? match
  })
}

/** The form a page submits by itself on load (`document.forms[0].submit()`), if it is such a page. */
function autoSubmittedForm(html: string, base: string): { url: string; form: URLSearchParams } | undefined {
  if (!html.includes('document.forms[0].submit()')) return undefined
  const action = html.match(/<form method="post" action="([^"]*)"/)?.[1]
  if (action === undefined) return undefined
  const form = new URLSearchParams()
  for (const input of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)"\/?>/g))
    form.append(decodeEntities(input[1] as string), decodeEntities(input[2] as string))
  return { url: new URL(decodeEntities(action), base).href, form }
}

function summary(html: string): string {
  const error = html.match(/data-testid="stand-in-error">([^<]*)</)?.[1]
  return (error ?? html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')).trim().slice(0, 200)
}
