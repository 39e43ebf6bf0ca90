import { describe, expect, it } from 'vitest'
import {
  afterNameRegistrationFailure,
  afterNetworkSwitch,
  afterPreferredAccountType,
  afterSwapSuccess,
  goBack,
  initialView,
  push,
  replace,
  reset,
} from './router.ts'

describe('router rules', () => {
  it('opens on Account when connected, else Connect', () => {
    expect(initialView(true)).toBe('Account')
    expect(initialView(false)).toBe('Connect')
  })
  it('push, replace and reset keep the history', () => {
    let state = reset('Connect')
    state = push(state, 'ConnectingExternal', { connectorId: 'x' })
    expect(state.history).toEqual(['Connect', 'ConnectingExternal'])
    expect(state.data.connectorId).toBe('x')
    state = replace(state, 'Account')
    expect(state.history).toEqual(['Connect', 'Account'])
    expect(push(state, 'Account')).toBe(state)
  })
  it('back removes the latest view and closes with one left', () => {
    const state = push(reset('Account'), 'Networks')
    const back = goBack(state)
    expect(back?.view).toBe('Account')
    expect(back?.history).toEqual(['Account'])
    expect(goBack(back!)).toBeNull()
  })
  it('after a network switch returns to the view before Networks, or closes', () => {
    const fromActivity = push(push(reset('Account'), 'Activity'), 'Networks')
    expect(afterNetworkSwitch(push(reset('Account'), 'Networks'))?.view).toBe('Account')
    expect(afterNetworkSwitch(fromActivity)?.history).toEqual(['Account', 'Activity'])
    expect(afterNetworkSwitch(reset('Networks'))).toBeNull()
    expect(afterNetworkSwitch(reset('UnsupportedChain'))).toBeNull()
  })
  it('after a preferred account type goes to sign-in only on EVM with sign-in on', () => {
    expect(afterPreferredAccountType({ siweEnabled: true, chainNamespace: 'eip155' })).toBe('ConnectingSiwe')
    expect(afterPreferredAccountType({ siweEnabled: true, chainNamespace: 'solana' })).toBe('Account')
    expect(afterPreferredAccountType({ siweEnabled: false, chainNamespace: 'eip155' })).toBe('Account')
  })
  it('swap success resets to Account; a failed registration returns to RegisterAccountName', () => {
    expect(afterSwapSuccess().history).toEqual(['Account'])
    const state = push(push(reset('Account'), 'RegisterAccountName'), 'RegisterAccountNameSuccess')
    expect(afterNameRegistrationFailure(state).history).toEqual(['Account', 'RegisterAccountName'])
    expect(afterNameRegistrationFailure(reset('Account')).view).toBe('RegisterAccountName')
  })
})
