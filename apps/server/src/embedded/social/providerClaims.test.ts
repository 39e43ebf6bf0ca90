/**
 * How each provider's answer reads as an identity: the OpenID claims the stand-in gives are covered end to end in
 * socialLogin.test.ts; here, the user resources of the providers without discovery, in the shapes their APIs document
 * (GitHub /user, Discord /users/@me, X /2/users/me, Facebook /me), and the rules that keep an email unverified.
 */
import { describe, expect, it } from 'vitest'
import { defaultScopes, identityFromClaims, reauthenticationParameters } from './providerClaims.ts'

describe('identityFromClaims', () => {
  it('GitHub /user: the numeric id, the login, the avatar; its public email is not taken as verified', () => {
    expect(
      identityFromClaims('github', {
        id: 583231,
        login: 'octocat',
        name: 'The Octocat',
        avatar_url: 'https://avatars.githubusercontent.com/u/583231?v=4',
        email: 'octocat@github.com',
      }),
    ).toEqual({
      provider: 'github',
      subject: '583231',
      email: 'octocat@github.com',
      emailVerified: false,
      username: 'octocat',
      displayName: 'The Octocat',
      avatarUrl: 'https://avatars.githubusercontent.com/u/583231?v=4',
      fid: null,
    })
  })

  it('Discord /users/@me: `verified` says whether the email is; the avatar hash becomes its CDN URL', () => {
    const discord = {
      id: '80351110224678912',
      username: 'nelly',
      global_name: 'Nelly',
      avatar: '8342729096ea3675442027381ff50dfe',
      email: 'Nelly@Discord.com',
      verified: true,
    }
    expect(identityFromClaims('discord', discord)).toMatchObject({
      subject: '80351110224678912',
      email: 'nelly@discord.com',
      emailVerified: true,
      username: 'nelly',
      displayName: 'Nelly',
      avatarUrl: 'https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png',
    })
    expect(identityFromClaims('discord', { ...discord, verified: false })?.emailVerified).toBe(false)
    // `verified` means something only from Discord.
    expect(identityFromClaims('github', { ...discord })?.emailVerified).toBe(false)
  })

  it('X /2/users/me: the user inside `data`, no email', () => {
    expect(
      identityFromClaims('x', {
        data: {
          id: '2244994945',
          name: 'X Dev',
          username: 'XDevelopers',
          profile_image_url: 'https://pbs.twimg.com/profile_images/1/x_normal.jpg',
        },
      }),
    ).toMatchObject({
      subject: '2244994945',
      email: null,
      emailVerified: false,
      username: 'XDevelopers',
      displayName: 'X Dev',
      avatarUrl: 'https://pbs.twimg.com/profile_images/1/x_normal.jpg',
    })
  })

  it('Facebook /me: the picture inside `picture.data.url`', () => {
    expect(
      identityFromClaims('facebook', {
        id: '10158',
        name: 'Sam',
        email: 'sam@example.com',
        picture: { data: { url: 'https://platform-lookaside.fbsbx.com/x.jpg' } },
      }),
    ).toMatchObject({
      subject: '10158',
      emailVerified: false,
      displayName: 'Sam',
      avatarUrl: 'https://platform-lookaside.fbsbx.com/x.jpg',
    })
  })

  it('OpenID: `email_verified` true (or Apple’s "true"); anything else is unverified', () => {
    const claims = { sub: '001.abc', email: 'a@b.example' }
    expect(identityFromClaims('apple', { ...claims, email_verified: 'true' })?.emailVerified).toBe(true)
    expect(identityFromClaims('google', { ...claims, email_verified: true })?.emailVerified).toBe(true)
    for (const value of [false, 'false', 1, 'yes', undefined])
      expect(identityFromClaims('google', { ...claims, email_verified: value })?.emailVerified).toBe(false)
  })

  it('no subject → no identity; a malformed email, picture or name is dropped, long text cut', () => {
    expect(identityFromClaims('google', { email: 'a@b.example', email_verified: true })).toBeUndefined()
    expect(identityFromClaims('google', { sub: '' })).toBeUndefined()
    const odd = identityFromClaims('google', {
      sub: '1',
      email: 'victim@example.com, a@b.example',
      email_verified: true,
      picture: 'javascript:alert(1)',
      name: 'x'.repeat(500),
      preferred_username: { nested: true },
    })
    expect(odd).toMatchObject({ email: null, emailVerified: false, avatarUrl: null, username: null })
    expect(odd?.displayName).toHaveLength(200)
  })
})

describe('what the authorization request asks', () => {
  it('OpenID providers: openid scopes and prompt=login; the others their own scopes and re-authentication', () => {
    expect(defaultScopes('google', 'oidc')).toEqual(['openid', 'email', 'profile'])
    expect(defaultScopes('github', 'oauth2')).toEqual(['read:user', 'user:email'])
    expect(reauthenticationParameters('discord', 'oidc')).toEqual({ prompt: 'login' })
    expect(reauthenticationParameters('github', 'oauth2')).toEqual({ prompt: 'select_account' })
    expect(reauthenticationParameters('facebook', 'oauth2')).toEqual({ auth_type: 'reauthenticate' })
    expect(reauthenticationParameters('x', 'oauth2')).toEqual({})
  })
})
