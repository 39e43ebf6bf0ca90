/**
 * oidc-provider's storage for one stand-in issuer: everything in memory (a restart forgets every code, token and
 * session, as the rest of the devnet does), entries dropped when they expire. One store per issuer, so issuers
 * share nothing.
 */
import type { Adapter, AdapterPayload } from 'oidc-provider'

type Entry = { payload: AdapterPayload; expiresAt: number }

export function memoryAdapterFactory(): (model: string) => Adapter {
  const store = new Map<string, Entry>()
  const now = () => Date.now()
  const get = (key: string): AdapterPayload | undefined => {
    const entry = store.get(key)
    if (!entry) return undefined
    if (entry.expiresAt <= now()) {
      store.delete(key)
      return undefined
    }
    return entry.payload
  }
  const sweep = () => {
    const t = now()
    for (const [key, entry] of store) if (entry.expiresAt <= t) store.delete(key)
  }

  return (model: string): Adapter => {
    const key = (id: string) => `${model}:${id}`
    return {
      async upsert(id, payload, expiresIn) {
        if (store.size > 5000) sweep()
        store.set(key(id), {
          payload: { ...payload },
          expiresAt: expiresIn ? now() + expiresIn * 1000 : Number.POSITIVE_INFINITY,
        })
      },
      async find(id) {
        return get(key(id))
      },
      async findByUid(uid) {
        for (const [k] of store) {
          if (!k.startsWith(`${model}:`)) continue
          const payload = get(k)
          if (payload?.uid === uid) return payload
        }
        return undefined
      },
      async findByUserCode(userCode) {
        for (const [k] of store) {
          if (!k.startsWith(`${model}:`)) continue
          const payload = get(k)
          if (payload?.userCode === userCode) return payload
        }
        return undefined
      },
      async consume(id) {
        const payload = get(key(id))
        if (payload) payload.consumed = Math.floor(now() / 1000)
      },
      async destroy(id) {
        store.delete(key(id))
      },
      async revokeByGrantId(grantId) {
        for (const [k, entry] of store) if (entry.payload.grantId === grantId) store.delete(k)
      },
    }
  }
}
