import {
  getNameRegistrationController,
  type NameRegistrationController,
  type NameRegistrationState,
} from '@foyer/core/internal'
import { useSyncExternalStore } from 'react'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'

/** The name registration flow's controller (core) and its state. */
export function useNameRegistration(): { names: NameRegistrationController; state: NameRegistrationState } {
  const names = getNameRegistrationController(useFoyerClient())
  const state = useSyncExternalStore(names.subscribe, names.getState, names.getState)
  return { names, state }
}
