/** The answers about the server itself and the calling project's settings that have no feature file of their own. */

/**
 * `GET /health`: 200 when the database answers within 2 s, else 503 with `ok: false`; also 503, with
 * `draining: true`, while a stopping server waits for its load balancer to take it out (FOYER_SHUTDOWN_DELAY_SECONDS).
 */
export type HealthResponse = { ok: boolean; version: string; database: 'pglite' | 'postgres'; draining?: true }

/** `GET /getAnalyticsConfig`: whether the project has analytics on. */
export type AnalyticsConfigResponse = { isAnalyticsEnabled: boolean }

/** `POST /e`: 202 with how many of the batch's events were taken (all of them: a batch is taken whole or refused). */
export type AnalyticsEventsResponse = { accepted: number }
