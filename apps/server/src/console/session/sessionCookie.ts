/**
 * The console's session cookie `foyer_console`: HttpOnly (scripts never see it), SameSite=Strict (no other site's
 * page sends it), Path=/console (only the console and its API receive it), Secure when the server is reached over
 * https (FOYER_PUBLIC_URL or the request itself). It lives as long as a session can (SESSION_MAX_MS); the server
 * decides when the session ends.
 */
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { CONSOLE_PATH, CONSOLE_SESSION_COOKIE } from '../contract.ts'
import { SESSION_MAX_MS } from './sessionStore.ts'

const isHttps = (c: Context, publicUrl: string) =>
  publicUrl.startsWith('https://') || new URL(c.req.url).protocol === 'https:'

export function setSessionCookie(c: Context, token: string, publicUrl: string): void {
  setCookie(c, CONSOLE_SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Strict',
    path: CONSOLE_PATH,
    secure: isHttps(c, publicUrl),
    maxAge: SESSION_MAX_MS / 1000,
  })
}

export function clearSessionCookie(c: Context, publicUrl: string): void {
  deleteCookie(c, CONSOLE_SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'Strict',
    path: CONSOLE_PATH,
    secure: isHttps(c, publicUrl),
  })
}

export const sessionCookieOf = (c: Context): string | undefined => getCookie(c, CONSOLE_SESSION_COOKIE)
