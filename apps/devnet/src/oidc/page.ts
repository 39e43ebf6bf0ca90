/**
 * The stand-in's pages: plain server-rendered HTML, no script, no external resources. The sign-in page says at
 * once that it is a local stand-in, lists the test users as buttons, and offers a button that makes the sign-in
 * fail at the provider; the consent page asks Allow / Deny. The stand-in plays a third-party provider, so its few
 * English strings live here, not in the modal's locale catalogue.
 */
import type { SocialProvider } from '@foyer/core/protocol'
import type { StandInUser } from './users.ts'

export const PROVIDER_NAMES: Readonly<Record<SocialProvider, string>> = {
  google: 'Google',
  x: 'X',
  discord: 'Discord',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  )
}

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f4f5;color:#18181b}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 1px 3px #0002}
.notice{background:#fef3c7;border:1px solid #d97706;border-radius:8px;padding:.75rem;margin:0 0 1rem}
h1{font-size:1.35rem;margin:.5rem 0 1rem}
ul{list-style:none;padding:0;margin:0 0 1rem}
li{margin:.5rem 0}
button{font:inherit;cursor:pointer;border-radius:8px;padding:.6rem .9rem;border:1px solid #a1a1aa;background:#fff;color:#18181b}
button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.user{width:100%;text-align:left}
.user small{display:block;color:#52525b}
.row{display:flex;gap:.5rem;flex-wrap:wrap}
.primary{background:#18181b;color:#fff;border-color:#18181b}
.fail{border-color:#b91c1c;color:#b91c1c}
.hint{color:#52525b;font-size:.875rem}
`

function page(provider: SocialProvider, title: string, body: string): string {
  const name = PROVIDER_NAMES[provider]
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} — local stand-in for ${name}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="notice" role="note" data-testid="stand-in-notice"><strong>Local stand-in for ${name}.</strong> This is not the real ${name}: it is the Foyer devnet's test sign-in server, and nothing you choose here leaves this computer.</p>
${body}
</main>
</body>
</html>
`
}

function emailLine(user: StandInUser, providerGivesEmail: boolean): string {
  if (!providerGivesEmail || user.email === null) return 'no email address'
  return `${user.email} · ${user.emailVerified ? 'email verified' : 'email NOT verified'}`
}

const failForm = (action: string) => `
<form method="post" action="${escapeHtml(action)}">
<button type="submit" class="fail" name="action" value="fail" data-testid="stand-in-fail">Fail sign-in</button>
<p class="hint">Ends this sign-in with a provider error (<code>server_error</code>), to try the failing path.</p>
</form>`

export function signInPage(options: {
  provider: SocialProvider
  action: string
  clientName: string
  users: StandInUser[]
  givesEmail: boolean
}): string {
  const { provider, action, clientName, users, givesEmail } = options
  const items = users
    .map(
      (u) =>
        `<li><button type="submit" class="user" name="user" value="${escapeHtml(u.id)}" data-testid="stand-in-user-${escapeHtml(u.id)}">Continue as ${escapeHtml(u.name)}<small>${escapeHtml(emailLine(u, givesEmail))}</small></button></li>`,
    )
    .join('\n')
  return page(
    provider,
    'Sign in',
    `<h1>Sign in with ${PROVIDER_NAMES[provider]}</h1>
<p>${escapeHtml(clientName)} asks you to sign in. Choose a test user:</p>
<form method="post" action="${escapeHtml(action)}" aria-label="Test users">
<input type="hidden" name="action" value="login">
<ul>
${items}
</ul>
</form>
${failForm(action)}`,
  )
}

export function consentPage(options: {
  provider: SocialProvider
  action: string
  clientName: string
  user: StandInUser
  scopes: string[]
}): string {
  const { provider, action, clientName, user, scopes } = options
  const shares = [
    'who you are (an account id)',
    ...(scopes.includes('profile') ? ['your name, username and picture'] : []),
    ...(scopes.includes('email') ? ['your email address'] : []),
  ]
  return page(
    provider,
    'Allow access',
    `<h1>Allow ${escapeHtml(clientName)} to sign you in?</h1>
<p>Signed in as <strong>${escapeHtml(user.name)}</strong>. ${escapeHtml(clientName)} will receive ${escapeHtml(shares.join(', '))}.</p>
<form method="post" action="${escapeHtml(action)}">
<div class="row">
<button type="submit" class="primary" name="action" value="allow" data-testid="stand-in-allow">Allow</button>
<button type="submit" name="action" value="deny" data-testid="stand-in-deny">Deny</button>
</div>
</form>
${failForm(action)}`,
  )
}

export function errorPage(provider: SocialProvider | undefined, title: string, detail: string): string {
  const body = `<h1>${escapeHtml(title)}</h1>\n<p data-testid="stand-in-error">${escapeHtml(detail)}</p>`
  if (provider) return page(provider, title, body)
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>\n`
}

/** A round avatar with the user's initial: what `picture` points at. */
export function avatarSvg(user: StandInUser): string {
  const hue = [...user.id].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 7)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${escapeHtml(user.name)}"><circle cx="48" cy="48" r="48" fill="hsl(${hue} 55% 45%)"/><text x="48" y="62" font-family="sans-serif" font-size="44" fill="#fff" text-anchor="middle">${escapeHtml(user.name[0] ?? '?')}</text></svg>`
}
