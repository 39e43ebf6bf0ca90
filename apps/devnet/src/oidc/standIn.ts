/**
 * The devnet's OpenID Connect server, standing in for every social login provider: one issuer per provider at
 * `http://127.0.0.1:8797/<provider>`, each a real `oidc-provider` instance (discovery, JWKS, authorization, token,
 * userinfo) with the authorization code flow, PKCE (S256) required, state and nonce as standard and single-use
 * codes. Its sign-in page lists the test users (users.ts) and then asks for consent; the claims each issuer gives
 * are in the shape the real provider gives (users.ts `claimsFor`).
 *
 * Redirect URIs: each client's registered URIs match exactly, and a registered loopback URI
 * (`http://127.0.0.1:…` / `http://localhost:…`) also matches on any port with the same path (RFC 8252 §7.3), so a
 * test server on a random port needs no registration of its own.
 */
import { generateKeyPair } from 'node:crypto'
import { createServer, IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { promisify } from 'node:util'
import { SOCIAL_PROVIDERS, type SocialProvider } from '@foyer/core/protocol'
import type { ClientMetadata, Configuration, default as OidcProvider } from 'oidc-provider'
import { portFromEnv } from '../ports.ts'
import { memoryAdapterFactory } from './memoryAdapter.ts'
import { avatarSvg, consentPage, errorPage, PROVIDER_NAMES, signInPage } from './page.ts'
import { claimsFor, offersUser, STAND_IN_USERS, standInUsersFor, userBySubject } from './users.ts'

export const DEMO_CLIENT_ID = 'foyer-demo'
export const DEMO_CLIENT_SECRET = 'foyer-dev-social-secret'

/** The stand-in's port: FOYER_OIDC_PORT, else 8797. */
export function oidcStandInPort(env: NodeJS.ProcessEnv = process.env): number {
  return portFromEnv(env, 'FOYER_OIDC_PORT', 8797)
}

/** The callback the Foyer server at `serverUrl` gives for a provider. */
export function socialCallbackUrl(serverUrl: string, provider: SocialProvider): string {
  return `${serverUrl.replace(/\/+$/, '')}/v1/embedded/social/${provider}/callback`
}

/** A client registered on every issuer. `{provider}` in a redirect URI stands for the issuer's provider. */
export interface StandInClient {
  clientId: string
  clientSecret: string
  redirectUris: string[]
  /** The name the consent page shows; the client id if absent. */
  name?: string
}

export interface OidcStandInOptions {
  /** 127.0.0.1 unless given. */
  host?: string
  /** FOYER_OIDC_PORT or 8797 unless given; 0 picks a free port. */
  port?: number
  /** More redirect URIs for the `foyer-demo` client (`{provider}` is replaced per issuer). */
  redirectUris?: string[]
  /** More clients, registered on every issuer beside `foyer-demo`. */
  clients?: StandInClient[]
}

export interface OidcStandIn {
  /** The server's origin, e.g. `http://127.0.0.1:8797`. */
  url: string
  /** Each provider's issuer URL, e.g. `http://127.0.0.1:8797/google`. */
  issuers: Readonly<Record<SocialProvider, string>>
  stop(): Promise<void>
}

type ProviderClass = typeof OidcProvider

let providerClass: Promise<ProviderClass> | undefined
/**
 * oidc-provider warns on import that Node 20 is older than the release line its authors test on; it runs on
 * Node 20 (this repository's machines) and the devnet's output is no place for that line, so only that one
 * warning is held back.
 */
function loadProviderClass(): Promise<ProviderClass> {
  providerClass ??= (async () => {
    const warn = console.warn
    console.warn = (...args: unknown[]) => {
      if (typeof args[0] === 'string' && args[0].includes('oidc-provider WARNING: Unsupported runtime')) return
      warn(...args)
    }
    try {
      return (await import('oidc-provider')).default
    } finally {
      console.warn = warn
    }
  })()
  return providerClass
}

const generateRsa = promisify(generateKeyPair)

function isLoopback(url: URL): boolean {
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
}

/** RFC 8252 §7.3: a loopback redirect URI matches a registered one on any port. */
function loopbackMatch(value: string, registered: readonly string[]): boolean {
  const given = URL.parse(value)
  if (!given || !isLoopback(given)) return false
  return registered.some((uri) => {
    const allowed = URL.parse(uri)
    if (!allowed || !isLoopback(allowed)) return false
    given.port = ''
    allowed.port = ''
    return given.href === allowed.href
  })
}

const BODY_LIMIT = 56 * 1024

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > BODY_LIMIT) throw new Error('request body too large')
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

/**
 * oidc-provider holds each client to the one authentication method it registered. The stand-in accepts both
 * client_secret_basic and client_secret_post, so a client_secret_post request to the token endpoint is handed on
 * as the same credentials in a Basic header (RFC 6749 §2.3.1 form encoding).
 */
async function secretPostAsBasic(req: IncomingMessage, body: Buffer): Promise<IncomingMessage> {
  const form = new URLSearchParams(body.toString('utf8'))
  const id = form.getAll('client_id')
  const secret = form.getAll('client_secret')
  let out = body
  const headers = { ...req.headers }
  if (!headers.authorization && id.length === 1 && secret.length === 1) {
    form.delete('client_id')
    form.delete('client_secret')
    headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(id[0] as string)}:${encodeURIComponent(secret[0] as string)}`).toString('base64')}`
    out = Buffer.from(form.toString())
  }
  headers['content-length'] = String(out.length)
  delete headers['transfer-encoding']
  const replay = new IncomingMessage(req.socket)
  replay.headers = headers
  replay.method = req.method
  replay.url = req.url
  replay.httpVersion = req.httpVersion
  replay.httpVersionMajor = req.httpVersionMajor
  replay.httpVersionMinor = req.httpVersionMinor
  replay.complete = true
  replay.push(out)
  replay.push(null)
  return replay
}

function send(res: ServerResponse, status: number, type: string, body: string) {
  res.writeHead(status, {
    'content-type': type,
    'cache-control': 'no-store',
    // No form-action: the form's redirects end at the client's redirect_uri, which form-action would block.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
  })
  res.end(body)
}

async function issuerFor(
  Provider: ProviderClass,
  provider: SocialProvider,
  origin: string,
  clients: StandInClient[],
): Promise<OidcProvider> {
  const issuer = `${origin}/${provider}`
  const { privateKey } = await generateRsa('rsa', { modulusLength: 2048 })
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: `${provider}-stand-in`, alg: 'RS256', use: 'sig' }
  const registered = clients.map(
    (c): ClientMetadata => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      client_name: c.name ?? c.clientId,
      redirect_uris: c.redirectUris.map((uri) => uri.replaceAll('{provider}', provider)),
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    }),
  )
  const configuration: Configuration = {
    clients: registered,
    clientAuthMethods: ['client_secret_basic', 'client_secret_post'],
    responseTypes: ['code'],
    pkce: { required: () => true },
    scopes: ['openid', 'email', 'profile'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'picture', 'preferred_username'],
    },
    // Like Google, the ID token carries the granted claims too, not only userinfo.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    // Consent is asked on every sign-in, so a test can always reach Allow / Deny: the only grant that counts is
    // the one this sign-in's consent just gave.
    async loadExistingGrant(ctx) {
      const grantId = ctx.oidc.result?.consent?.grantId
      return grantId ? ctx.oidc.provider.Grant.find(grantId) : undefined
    },
    adapter: memoryAdapterFactory(),
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
    },
    interactions: { url: (_ctx, interaction) => `/${provider}/interaction/${interaction.uid}` },
    cookies: {
      keys: [crypto.randomUUID()],
      names: {
        session: `_session_${provider}`,
        interaction: `_interaction_${provider}`,
        resume: `_interaction_resume_${provider}`,
      },
    },
    jwks: { keys: [jwk as never] },
    async findAccount(_ctx, sub) {
      const user = userBySubject(provider, sub)
      if (!user || !offersUser(provider, user)) return undefined
      return {
        accountId: sub,
        claims: () => claimsFor(provider, user, `${origin}/avatars/${user.id}.svg`) as { sub: string },
      }
    },
    async renderError(ctx, out) {
      ctx.type = 'html'
      ctx.body = errorPage(
        provider,
        'Sign-in error',
        `${String(out.error)}${out.error_description ? `: ${String(out.error_description)}` : ''}`,
      )
    },
  }
  const instance = new Provider(issuer, configuration)
  const exact = instance.Client.prototype.redirectUriAllowed
  instance.Client.prototype.redirectUriAllowed = function (this: { redirectUris: string[] }, value: string) {
    return exact.call(this, value) || loopbackMatch(value, this.redirectUris)
  }
  return instance
}

type Issuer = { instance: OidcProvider; handle: (req: IncomingMessage, res: ServerResponse) => void }

async function interaction(provider: SocialProvider, issuer: Issuer, req: IncomingMessage, res: ServerResponse) {
  const { instance } = issuer
  const details = await instance.interactionDetails(req, res)
  const action = `/${provider}/interaction/${details.uid}`
  const client = await instance.Client.find(String(details.params.client_id))
  const clientName = client?.clientName ?? String(details.params.client_id)
  const scopes = String(details.params.scope ?? '').split(' ')

  if (req.method === 'GET') {
    if (details.prompt.name === 'login') {
      return send(
        res,
        200,
        'text/html; charset=utf-8',
        signInPage({
          provider,
          action,
          clientName,
          users: standInUsersFor(provider),
          givesEmail: provider !== 'x' && scopes.includes('email'),
        }),
      )
    }
    const user = details.session?.accountId ? userBySubject(provider, details.session.accountId) : undefined
    if (!user) return send(res, 400, 'text/html; charset=utf-8', errorPage(provider, 'Sign-in error', 'No user.'))
    return send(res, 200, 'text/html; charset=utf-8', consentPage({ provider, action, clientName, user, scopes }))
  }

  if (req.method !== 'POST') return send(res, 405, 'text/plain', 'Method not allowed')
  const form = new URLSearchParams((await readBody(req)).toString('utf8'))
  const choice = form.get('action')
  if (choice === 'fail')
    return instance.interactionFinished(
      req,
      res,
      { error: 'server_error', error_description: 'the stand-in was asked to fail this sign-in' },
      { mergeWithLastSubmission: false },
    )
  if (details.prompt.name === 'login' && choice === 'login') {
    const picked = Object.values(STAND_IN_USERS).find((u) => u.id === form.get('user'))
    if (!picked || !offersUser(provider, picked))
      return send(res, 400, 'text/html; charset=utf-8', errorPage(provider, 'Sign-in error', 'Unknown user.'))
    return instance.interactionFinished(
      req,
      res,
      { login: { accountId: picked.subjects[provider] } },
      { mergeWithLastSubmission: false },
    )
  }
  if (details.prompt.name === 'consent' && choice === 'deny')
    return instance.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'the user denied the request' },
      { mergeWithLastSubmission: false },
    )
  if (details.prompt.name === 'consent' && choice === 'allow') {
    const accountId = details.session?.accountId
    if (!accountId) return send(res, 400, 'text/html; charset=utf-8', errorPage(provider, 'Sign-in error', 'No user.'))
    const grant = details.grantId
      ? await instance.Grant.find(details.grantId)
      : new instance.Grant({ accountId, clientId: String(details.params.client_id) })
    if (!grant) return send(res, 400, 'text/html; charset=utf-8', errorPage(provider, 'Sign-in error', 'No grant.'))
    const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] }
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '))
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims)
    const grantId = await grant.save()
    return instance.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true })
  }
  return send(res, 400, 'text/html; charset=utf-8', errorPage(provider, 'Sign-in error', 'Unexpected form.'))
}

function indexPage(issuers: Record<SocialProvider, string>): string {
  const rows = SOCIAL_PROVIDERS.map(
    (p) => `<li>${PROVIDER_NAMES[p]}: <code>${issuers[p]}/.well-known/openid-configuration</code></li>`,
  ).join('\n')
  return errorPage(undefined, 'Foyer devnet: OpenID Connect stand-in', '').replace(
    '<p data-testid="stand-in-error"></p>',
    `<p>Local stand-ins for the social login providers (test users only; nothing leaves this computer):</p>\n<ul>\n${rows}\n</ul>`,
  )
}

export async function startOidcStandIn(options: OidcStandInOptions = {}): Promise<OidcStandIn> {
  const host = options.host ?? '127.0.0.1'
  const Provider = await loadProviderClass()
  const issuers = new Map<string, Issuer>()

  const server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '/').split('?')[0] as string
      const [, first = '', second, uid, ...rest] = path.split('/')
      if (path === '/') return send(res, 200, 'text/html; charset=utf-8', indexPage(issuerUrls))
      const avatar = first === 'avatars' && second?.match(/^([a-z]+)\.svg$/)?.[1]
      if (avatar && avatar in STAND_IN_USERS)
        return send(res, 200, 'image/svg+xml', avatarSvg(STAND_IN_USERS[avatar as keyof typeof STAND_IN_USERS]))
      const issuer = issuers.get(first)
      if (!issuer) return send(res, 404, 'application/json', JSON.stringify({ error: 'not_found' }))
      const provider = first as SocialProvider
      if (second === 'interaction' && uid && rest.length === 0) return await interaction(provider, issuer, req, res)
      let forward = req
      if (
        second === 'token' &&
        req.method === 'POST' &&
        req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')
      )
        forward = await secretPostAsBasic(req, await readBody(req))
      const mounted = forward as IncomingMessage & { originalUrl?: string }
      mounted.originalUrl = req.url
      mounted.url = (req.url ?? '/').slice(first.length + 1) || '/'
      if (!mounted.url.startsWith('/')) mounted.url = `/${mounted.url}`
      issuer.handle(mounted, res)
    })().catch((error: unknown) => {
      if (res.headersSent) return res.destroy()
      const message = error instanceof Error ? error.message : String(error)
      send(res, 400, 'text/html; charset=utf-8', errorPage(undefined, 'Sign-in error', message))
    })
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen({ host, port: options.port ?? oidcStandInPort(), exclusive: true }, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  const origin = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`
  const clients: StandInClient[] = [
    {
      clientId: DEMO_CLIENT_ID,
      clientSecret: DEMO_CLIENT_SECRET,
      name: 'Foyer demo',
      redirectUris: [
        socialCallbackUrl('http://127.0.0.1:8787', '{provider}' as SocialProvider),
        socialCallbackUrl('http://localhost:8787', '{provider}' as SocialProvider),
        ...(options.redirectUris ?? []),
      ],
    },
    ...(options.clients ?? []),
  ]
  const issuerUrls = Object.fromEntries(SOCIAL_PROVIDERS.map((p) => [p, `${origin}/${p}`])) as Record<
    SocialProvider,
    string
  >
  try {
    for (const provider of SOCIAL_PROVIDERS) {
      const instance = await issuerFor(Provider, provider, origin, clients)
      issuers.set(provider, { instance, handle: instance.callback() })
    }
  } catch (error) {
    server.close()
    throw error
  }

  let stopping: Promise<void> | undefined
  return {
    url: origin,
    issuers: Object.freeze(issuerUrls),
    stop: () =>
      (stopping ??= new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })),
  }
}
