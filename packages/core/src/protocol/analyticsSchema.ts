/**
 * `POST /e`'s body as the server checks it, built from the event list (analytics.ts) so the two never drift: each
 * event's `props.event` must be a listed name and its `properties` only that event's props, each of its kind. One
 * event object or an array of 1 to `MAX_ANALYTICS_BATCH`; the array is what the server reads either way.
 */
import * as v from 'valibot'
import {
  ANALYTICS_EVENTS,
  type AnalyticsPropKind,
  MAX_ADDRESS_LENGTH,
  MAX_ANALYTICS_BATCH,
  MAX_LABEL_LENGTH,
} from './analytics.ts'

/** 2100-01-01: a later timestamp is a broken clock or a made-up event. */
const LATEST_TIMESTAMP = 4_102_444_800_000

const LABEL_MESSAGE = `must be a text of 1 to ${MAX_LABEL_LENGTH} characters without control characters`
const ADDRESS_MESSAGE = 'must be an account address (letters and digits)'

function propSchema(kind: AnalyticsPropKind) {
  if (typeof kind !== 'string') return v.picklist(kind, `must be one of ${kind.join(', ')}`)
  switch (kind) {
    case 'boolean':
      return v.boolean('must be true or false')
    case 'integer':
      return v.pipe(v.number('must be an integer'), v.safeInteger('must be an integer'))
    case 'address':
      return v.pipe(
        v.string(ADDRESS_MESSAGE),
        v.maxLength(MAX_ADDRESS_LENGTH, ADDRESS_MESSAGE),
        v.regex(/^[0-9A-Za-z]+$/, ADDRESS_MESSAGE),
      )
    case 'label':
      return v.pipe(
        v.string(LABEL_MESSAGE),
        v.minLength(1, LABEL_MESSAGE),
        v.maxLength(MAX_LABEL_LENGTH, LABEL_MESSAGE),
        // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
        v.regex(/^[^\u0000-\u001f\u007f]+$/, LABEL_MESSAGE),
      )
  }
}

const eventProps = Object.entries(ANALYTICS_EVENTS).map(([name, props]) =>
  v.strictObject(
    {
      type: v.picklist(['track', 'error'], 'must be track or error'),
      event: v.literal(name),
      properties: v.optional(
        v.strictObject(
          Object.fromEntries(Object.entries(props).map(([prop, kind]) => [prop, v.optional(propSchema(kind))])),
          `has a prop that ${name} does not carry`,
        ),
      ),
    },
    'has an unknown field',
  ),
)

const EVENT_MESSAGE = `must name one of the events: ${Object.keys(ANALYTICS_EVENTS).join(', ')}`

export const AnalyticsEventSchema = v.strictObject(
  {
    eventId: v.pipe(v.string('must be a UUID'), v.uuid('must be a UUID')),
    url: v.pipe(
      v.string('must be an http(s) URL'),
      v.maxLength(2048, 'must be at most 2048 characters'),
      v.regex(/^https?:\/\/\S+$/i, 'must be an http(s) URL'),
    ),
    domain: v.pipe(
      v.string('must be a host name'),
      v.maxLength(253, 'must be a host name'),
      v.regex(/^[A-Za-z0-9.:[\]-]+$/, 'must be a host name'),
    ),
    timestamp: v.pipe(
      v.number('must be milliseconds since 1970'),
      v.safeInteger('must be milliseconds since 1970'),
      v.minValue(0, 'must be milliseconds since 1970'),
      v.maxValue(LATEST_TIMESTAMP, 'must be milliseconds since 1970, before 2100'),
    ),
    props: v.variant('event', eventProps, EVENT_MESSAGE),
    visitId: v.optional(v.pipe(v.string('must be a UUID'), v.uuid('must be a UUID'))),
    /** The project, when a single event carries it rather than the query. */
    projectId: v.optional(v.string()),
  },
  'has an unknown field (expected eventId, url, domain, timestamp, props, visitId)',
)

const BATCH_MESSAGE = `must be an event or an array of 1 to ${MAX_ANALYTICS_BATCH} events`

/** The body of `POST /e`: one event or an array of them; parsed, always the array. */
export const AnalyticsBatchBody = v.pipe(
  v.unknown(),
  v.transform((input) => (Array.isArray(input) ? input : [input])),
  v.array(AnalyticsEventSchema, BATCH_MESSAGE),
  v.minLength(1, BATCH_MESSAGE),
  v.maxLength(MAX_ANALYTICS_BATCH, BATCH_MESSAGE),
)
export type AnalyticsBatchBody = v.InferOutput<typeof AnalyticsBatchBody>
