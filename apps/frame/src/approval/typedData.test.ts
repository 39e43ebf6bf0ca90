import { FrameHostError } from '@foyer/embedded/host'
import { defineChain, maxUint160, maxUint256 } from 'viem'
import { describe, expect, it } from 'vitest'
import { describePermit } from './permit.ts'
import { parseTypedData } from './typedData.ts'
import { typedDataApproval } from './typedDataApproval.ts'

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const SPENDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const OWNER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const PERMIT2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3'
const chain = defineChain({
  id: 31337,
  name: 'Foyer Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
})

const eip2612 = (overrides: { chainId?: unknown; value?: string; deadline?: string } = {}) => ({
  domain: { name: 'Test Token', version: '1', chainId: overrides.chainId ?? 31337, verifyingContract: TOKEN },
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Permit: [
      { name: 'owner', type: 'address' },
      { name: 'spender', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'nonce', type: 'uint256' },
      { name: 'deadline', type: 'uint256' },
    ],
  },
  primaryType: 'Permit',
  message: {
    owner: OWNER,
    spender: SPENDER,
    value: overrides.value ?? '1000000',
    nonce: '0',
    deadline: overrides.deadline ?? '1893456000',
  },
})

const permitDetails = [
  { name: 'token', type: 'address' },
  { name: 'amount', type: 'uint160' },
  { name: 'expiration', type: 'uint48' },
  { name: 'nonce', type: 'uint48' },
]
const permit2Domain = { name: 'Permit2', chainId: 31337, verifyingContract: PERMIT2 }

const refusal = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return error instanceof FrameHostError
      ? { code: error.code, message: error.message }
      : { code: 'not a FrameHostError', message: String(error) }
  }
  return undefined
}

describe('typed data checks', () => {
  it('accepts a JSON string or an object and keeps the domain', () => {
    const typed = parseTypedData(JSON.stringify(eip2612()), 31337)
    expect(typed.domain).toMatchObject({ name: 'Test Token', version: '1', chainId: 31337, verifyingContract: TOKEN })
    expect(parseTypedData(eip2612(), 31337).primaryType).toBe('Permit')
  })

  it('refuses a domain bound to another chain before anything is shown', () => {
    for (const chainId of [1, '0x1', '1']) {
      expect(refusal(() => parseTypedData(eip2612({ chainId }), 31337))).toEqual({
        code: 'invalid_request',
        message: 'The typed data is for chain 1, but the wallet is on chain 31337',
      })
    }
    expect(refusal(() => parseTypedData(eip2612({ chainId: '0x7a69' }), 31337))).toBeUndefined() // 31337 in hex
  })

  it('refuses malformed typed data as invalid_request', () => {
    const bad = [
      'not json',
      '[]',
      { ...eip2612(), types: undefined },
      { ...eip2612(), primaryType: 'Missing' },
      { ...eip2612(), message: { ...eip2612().message, spender: '0x12' } },
      { ...eip2612(), message: { ...eip2612().message, value: 'lots' } },
      { ...eip2612(), types: { Permit: [{ name: 'owner' }] } },
      eip2612({ chainId: 'abc' }),
    ]
    for (const input of bad)
      expect(refusal(() => parseTypedData(input, 31337))?.code, JSON.stringify(input)).toBe('invalid_request')
  })
})

describe('permit descriptions', () => {
  it('EIP-2612 Permit: spender, amount, token contract, deadline', () => {
    expect(describePermit(parseTypedData(eip2612(), 31337))).toEqual({
      standard: 'EIP-2612',
      allowances: [{ token: TOKEN, spender: SPENDER, amount: 1_000_000n, unlimited: false, until: 1_893_456_000n }],
    })
    const details = typedDataApproval(parseTypedData(eip2612(), 31337), {
      site: 'http://127.0.0.1:5173',
      account: OWNER,
      chain,
    })
    expect(details.title).toBe('frame.permitTitle')
    expect(details.summary).toEqual([
      {
        key: 'frame.permitSummary',
        parameters: { spender: SPENDER, amount: '1000000 base units', token: TOKEN, deadline: '2030-01-01 00:00 UTC' },
      },
    ])
    expect(details.rows).toEqual(
      expect.arrayContaining([
        ['frame.domainName', 'Test Token'],
        ['frame.domainVersion', '1'],
        ['frame.domainChainId', '31337'],
        ['frame.verifyingContract', TOKEN],
        ['frame.permitToken', TOKEN],
        ['frame.permitSpender', SPENDER],
      ]),
    )
  })

  it('says an unlimited amount and no deadline for what they are', () => {
    const details = typedDataApproval(
      parseTypedData(eip2612({ value: maxUint256.toString(), deadline: maxUint256.toString() }), 31337),
      { site: 's', account: OWNER, chain },
    )
    expect(details.summary![0]!.parameters).toMatchObject({ amount: 'an UNLIMITED amount', deadline: 'no end date' })
  })

  it('Permit2 PermitSingle and PermitBatch: each token with its amount and expiration', () => {
    const single = {
      domain: permit2Domain,
      types: {
        PermitSingle: [
          { name: 'details', type: 'PermitDetails' },
          { name: 'spender', type: 'address' },
          { name: 'sigDeadline', type: 'uint256' },
        ],
        PermitDetails: permitDetails,
      },
      primaryType: 'PermitSingle',
      message: {
        details: { token: TOKEN, amount: maxUint160.toString(), expiration: '1893456000', nonce: '0' },
        spender: SPENDER,
        sigDeadline: '1893456000',
      },
    }
    expect(describePermit(parseTypedData(single, 31337))).toEqual({
      standard: 'Permit2',
      allowances: [{ token: TOKEN, spender: SPENDER, amount: maxUint160, unlimited: true, until: 1_893_456_000n }],
    })
    const other = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
    const batch = {
      ...single,
      types: {
        PermitBatch: [
          { name: 'details', type: 'PermitDetails[]' },
          { name: 'spender', type: 'address' },
          { name: 'sigDeadline', type: 'uint256' },
        ],
        PermitDetails: permitDetails,
      },
      primaryType: 'PermitBatch',
      message: {
        details: [single.message.details, { token: other, amount: '5', expiration: '1700000000', nonce: '1' }],
        spender: SPENDER,
        sigDeadline: '1893456000',
      },
    }
    const described = describePermit(parseTypedData(batch, 31337))
    expect(described?.allowances.map((a) => [a.token, a.amount, a.unlimited, a.until])).toEqual([
      [TOKEN, maxUint160, true, 1_893_456_000n],
      [other, 5n, false, 1_700_000_000n],
    ])
    const approval = typedDataApproval(parseTypedData(batch, 31337), { site: 's', account: OWNER, chain })
    expect(approval.title).toBe('frame.permit2Title')
    expect(approval.summary).toHaveLength(2)
  })

  it('Permit2 PermitTransferFrom (and its witness form): token, amount, spender, deadline', () => {
    const transfer = {
      domain: permit2Domain,
      types: {
        PermitTransferFrom: [
          { name: 'permitted', type: 'TokenPermissions' },
          { name: 'spender', type: 'address' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
        TokenPermissions: [
          { name: 'token', type: 'address' },
          { name: 'amount', type: 'uint256' },
        ],
      },
      primaryType: 'PermitTransferFrom',
      message: { permitted: { token: TOKEN, amount: '42' }, spender: SPENDER, nonce: '7', deadline: '1893456000' },
    }
    expect(describePermit(parseTypedData(transfer, 31337))).toEqual({
      standard: 'Permit2',
      allowances: [{ token: TOKEN, spender: SPENDER, amount: 42n, unlimited: false, until: 1_893_456_000n }],
    })
    const witness = {
      ...transfer,
      types: {
        PermitWitnessTransferFrom: [...transfer.types.PermitTransferFrom, { name: 'witness', type: 'Order' }],
        TokenPermissions: transfer.types.TokenPermissions,
        Order: [{ name: 'id', type: 'uint256' }],
      },
      primaryType: 'PermitWitnessTransferFrom',
      message: { ...transfer.message, witness: { id: '1' } },
    }
    expect(describePermit(parseTypedData(witness, 31337))?.allowances[0]?.amount).toBe(42n)
  })

  it('other typed data is not called a permit, and a look-alike with other fields is not either', () => {
    const mail = {
      domain: { name: 'Mail', chainId: 31337 },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      message: { contents: 'hi' },
    }
    expect(describePermit(parseTypedData(mail, 31337))).toBeUndefined()
    const lookAlike = eip2612()
    lookAlike.types.Permit = lookAlike.types.Permit.slice(0, 4)
    const { deadline: _, ...message } = lookAlike.message
    expect(describePermit(parseTypedData({ ...lookAlike, message }, 31337))).toBeUndefined()
    const details = typedDataApproval(parseTypedData(mail, 31337), { site: 's', account: OWNER, chain })
    expect(details.title).toBe('frame.signTypedData')
    expect(details.rows).toContainEqual(['frame.verifyingContract', '—'])
  })
})
