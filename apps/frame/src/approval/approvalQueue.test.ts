import { describe, expect, it } from 'vitest'
import {
  ApprovalAbortedError,
  ApprovalQueueFullError,
  createApprovalQueue,
  MAX_PENDING_APPROVALS,
} from './approvalQueue.ts'

function setup(limit?: number) {
  const shown: string[] = []
  const dismissed: string[] = []
  const busy: boolean[] = []
  let decide: ((approved: boolean) => void) | undefined
  const queue = createApprovalQueue<string>({
    limit,
    present(details, decideThis) {
      shown.push(details)
      decide = decideThis
      return () => dismissed.push(details)
    },
    onBusyChange: (value) => busy.push(value),
  })
  return { queue, shown, dismissed, busy, decide: (approved: boolean) => decide!(approved) }
}

describe('approval queue', () => {
  it('keeps the first request on screen; later ones wait and come in arrival order', async () => {
    const { queue, shown, dismissed, busy, decide } = setup()
    const first = queue.request('first')
    const second = queue.request('second')
    const third = queue.request('third')
    expect(shown).toEqual(['first'])
    expect(busy).toEqual([true])
    decide(true)
    await expect(first).resolves.toBe(true)
    expect(shown).toEqual(['first', 'second'])
    expect(dismissed).toEqual(['first'])
    decide(false)
    await expect(second).resolves.toBe(false)
    expect(shown).toEqual(['first', 'second', 'third'])
    decide(true)
    await expect(third).resolves.toBe(true)
    expect(busy).toEqual([true, false])
    expect(queue.busy).toBe(false)
  })

  it('a decision counts once: a second call for the same request does not decide the next one', async () => {
    const decisions: ((approved: boolean) => void)[] = []
    const q = createApprovalQueue<string>({
      present: (_, decide) => {
        decisions.push(decide)
        return () => {}
      },
    })
    const first = q.request('a')
    const second = q.request('b')
    decisions[0]!(false)
    decisions[0]!(true) // a double click on the old screen
    await expect(first).resolves.toBe(false)
    expect(q.size).toBe(1)
    decisions[1]!(true)
    await expect(second).resolves.toBe(true)
  })

  it(`refuses beyond ${MAX_PENDING_APPROVALS} waiting, without touching the ones waiting`, async () => {
    const { queue, shown } = setup()
    const waiting = Array.from({ length: MAX_PENDING_APPROVALS }, (_, i) => queue.request(`r${i}`))
    const results = await Promise.allSettled([queue.request('one too many'), queue.request('two too many')])
    expect(results.map((r) => r.status === 'rejected' && r.reason instanceof ApprovalQueueFullError)).toEqual([
      true,
      true,
    ])
    expect(queue.size).toBe(MAX_PENDING_APPROVALS)
    expect(shown).toEqual(['r0'])
    queue.abortAll()
    await Promise.allSettled(waiting)
  })

  it('abortAll rejects every request, the one on screen included, and empties the line', async () => {
    const { queue, shown, dismissed, busy, decide } = setup()
    const all = [queue.request('a'), queue.request('b'), queue.request('c')]
    queue.abortAll()
    const results = await Promise.allSettled(all)
    expect(results.every((r) => r.status === 'rejected' && r.reason instanceof ApprovalAbortedError)).toBe(true)
    expect(dismissed).toEqual(['a'])
    expect(busy).toEqual([true, false])
    expect(queue.busy).toBe(false)
    // The line works again afterwards: a new request is shown at once.
    const next = queue.request('d')
    expect(shown).toEqual(['a', 'd'])
    decide(true)
    await expect(next).resolves.toBe(true)
  })

  it('a request that cannot be shown fails alone and the next one is shown', async () => {
    const shown: string[] = []
    const queue = createApprovalQueue<string>({
      present(details) {
        if (details === 'broken') throw new Error('cannot render')
        shown.push(details)
        return () => {}
      },
    })
    const broken = queue.request('broken')
    const next = queue.request('next')
    await expect(broken).rejects.toThrow('cannot render')
    expect(shown).toEqual(['next'])
    expect(queue.size).toBe(1)
    queue.abortAll()
    await expect(next).rejects.toBeInstanceOf(ApprovalAbortedError)
  })
})
