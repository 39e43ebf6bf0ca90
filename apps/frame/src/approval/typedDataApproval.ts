/**
 * What a typed-data approval shows: the domain the signature is scoped to (name, version, chain, contract) and, for
 * a token permit, the permission in one sentence per token: who may spend how much of which token until when.
 */
import { FrameHostError } from '@foyer/embedded/host'
import type { Address, Chain } from 'viem'
import { t } from '../screens.ts'
import type { ApprovalDetails } from './approvalScreen.ts'
import { type Allowance, describePermit } from './permit.ts'
import { domainFacts, type TypedDataRequest } from './typedData.ts'

/** Unix seconds from year 10000 on: no real deadline. */
const NO_DEADLINE_FROM = 253_402_300_800n

export function formatDeadline(seconds: bigint): string | undefined {
  if (seconds >= NO_DEADLINE_FROM) return undefined
  return `${new Date(Number(seconds) * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`
}

export function typedDataApproval(
  typed: TypedDataRequest,
  context: { site: string; account: Address; chain: Chain },
): ApprovalDetails {
  const domain = domainFacts(typed.domain)
  const rows: ApprovalDetails['rows'] = [
    ['frame.network', `${context.chain.name} (${context.chain.id})`],
    ['frame.account', context.account],
    ['frame.type', typed.primaryType],
    ['frame.domainName', domain.name ?? '—'],
    ['frame.domainVersion', domain.version ?? '—'],
    ['frame.domainChainId', domain.chainId === undefined ? '—' : String(domain.chainId)],
    ['frame.verifyingContract', domain.verifyingContract ?? '—'],
  ]
  const body = JSON.stringify(typed.message, null, 2)
  let permit: ReturnType<typeof describePermit>
  try {
    permit = describePermit(typed)
  } catch {
    // Shaped like a permit but its values do not read as one: refuse rather than show it as plain data.
    throw new FrameHostError('invalid_request', 'The typed data looks like a token permit but its values are malformed')
  }
  if (!permit) return { title: 'frame.signTypedData', site: context.site, rows, body }
  const summary: NonNullable<ApprovalDetails['summary']> = []
  for (const allowance of permit.allowances) {
    const { amount, deadline, token } = words(allowance)
    summary.push({ key: 'frame.permitSummary', parameters: { spender: allowance.spender, amount, token, deadline } })
    rows.push(
      ['frame.permitToken', token],
      ['frame.permitSpender', allowance.spender],
      ['frame.permitAmount', amount],
      ['frame.permitDeadline', deadline],
    )
  }
  return {
    title: permit.standard === 'Permit2' ? 'frame.permit2Title' : 'frame.permitTitle',
    site: context.site,
    rows,
    summary,
    body,
  }
}

/** The parts of the sentence; the amount is in the token's base units (the frame does not trust a token's own decimals). */
function words(allowance: Allowance) {
  return {
    amount: allowance.unlimited
      ? t('frame.permitUnlimited')
      : t('frame.permitUnits', { amount: allowance.amount.toString() }),
    deadline: formatDeadline(allowance.until) ?? t('frame.permitNoDeadline'),
    token: allowance.token ?? t('frame.permitUnknownToken'),
  }
}
