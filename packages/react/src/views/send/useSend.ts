import { getSendController, type SendController, type SendState } from '@foyer/core/internal'
import { useSyncExternalStore } from 'react'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'

/** The send flow's controller (core) and its state. */
export function useSend(): { send: SendController; state: SendState } {
  const send = getSendController(useFoyerClient())
  const state = useSyncExternalStore(send.subscribe, send.getState, send.getState)
  return { send, state }
}
