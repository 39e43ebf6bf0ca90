import type { Features } from '@foyer/core'
import {
  isFeatureEnabled,
  loadProjectSettings,
  type ProjectFeatures,
  projectSettingsQueryKey,
  readProjectFeatures,
} from '@foyer/core/internal'
import { useCallback, useEffect, useSyncExternalStore } from 'react'
import { useFoyerClient } from './useFoyerClient.ts'

const noSubscription = () => () => {}

/**
 * The project's server features (`GET /v1/project`, through the client's query cache: one request for every view).
 * A view asks for them when it mounts, so each opening of the modal asks again when the answer is older than
 * `PROJECT_SETTINGS_STALE_MS` (a few seconds), showing the last answer until the new one comes. Subscribing keeps
 * the answer while a view shows it. Only the modal's chunks use this: the page's entry carries none of it.
 */
export function useProjectFeatures(): ProjectFeatures {
  const client = useFoyerClient()
  const subscribe = useCallback(
    (listener: () => void) =>
      client.api ? client.queries.subscribe(projectSettingsQueryKey(client), listener) : noSubscription(),
    [client],
  )
  const read = useCallback(() => readProjectFeatures(client), [client])
  const features = useSyncExternalStore(subscribe, read, read)
  useEffect(() => {
    void loadProjectSettings(client)
  }, [client])
  return features
}

/**
 * Whether the feature is on: the site's options and, for a server feature, the project's setting. Until the
 * project's answer arrives a server feature is off, so its entry point appears once known rather than showing and
 * then going; when the server cannot answer, the site's options decide.
 */
export function useFeatureEnabled(feature: keyof Features): boolean {
  const client = useFoyerClient()
  return isFeatureEnabled(client.options, feature, useProjectFeatures())
}
