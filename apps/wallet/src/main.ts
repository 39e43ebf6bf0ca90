/**
 * The dev wallet: pairs over WalletConnect (the real sign-client, through the local relay), approves sessions with
 * an anvil dev account, and asks before signing or sending; signing and sending run in the page with viem through
 * the same TestWalletCore the test wallets use, so transactions really land on the local chains.
 */
// The Farcaster part first: it does not wait for the WalletConnect client below.
import './farcaster.ts'
import { ANVIL_PRIVATE_KEYS } from '@foyer/testing/accounts'
import { PROMPT_METHODS, TestWalletCore, toWalletRpcError } from '@foyer/testing/wallet-core'
import { SignClient } from '@walletconnect/sign-client'
import type { SignClientTypes } from '@walletconnect/types'
import { buildApprovedNamespaces, getSdkError } from '@walletconnect/utils'
import { privateKeyToAccount } from 'viem/accounts'

/** What the wallet approves of a site's proposal; the SDK delivers no request for a method the session lacks. */
const METHODS = [
  'eth_sendTransaction',
  'eth_signTransaction',
  'personal_sign',
  'eth_sign',
  'eth_signTypedData',
  'eth_signTypedData_v4',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  // EIP-5792 call batches: atomic (one EIP-7702 transaction) when "Atomic call batches" is ticked, else one
  // transaction a call, and `wallet_getCapabilities` answers {} so sites send their calls one by one.
  'wallet_getCapabilities',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
]
const EVENTS = ['chainChanged', 'accountsChanged']
const chains = __FOYER_LOCAL_CHAINS__
const $ = <element extends HTMLElement>(id: string) => document.getElementById(id) as element

const core = new TestWalletCore({ privateKey: ANVIL_PRIVATE_KEYS[1]!, chains })
const client = await SignClient.init({
  projectId: 'foyer-dev-wallet',
  relayUrl: __FOYER_WC_RELAY_URL__,
  metadata: { name: 'Foyer dev wallet', description: 'Local WalletConnect wallet', url: location.origin, icons: [] },
  customStoragePrefix: 'foyer-dev-wallet',
  telemetryEnabled: false,
  logger: 'silent',
})
// This wallet does not check the site's origin with WalletConnect's hosted verify service (nothing leaves the machine).
client.core.verify.resolve = (async () => undefined) as never

type Prompt = { id: string; title: string; detail: string; approve(): Promise<void>; reject(): Promise<void> }
const prompts: Prompt[] = []

function log(message: string) {
  const item = document.createElement('li')
  item.textContent = `${new Date().toLocaleTimeString()}  ${message}`
  $('log').prepend(item)
}

function renderPrompts() {
  const list = $('prompts')
  list.replaceChildren()
  if (!prompts.length) {
    list.innerHTML = '<li class="note">Nothing to approve.</li>'
    return
  }
  for (const prompt of prompts) {
    const item = document.createElement('li')
    item.className = 'card'
    item.dataset.testid = 'wallet-prompt'
    const title = document.createElement('strong')
    title.textContent = prompt.title
    const detail = document.createElement('pre')
    detail.className = 'mono'
    detail.textContent = prompt.detail
    const settle = (action: () => Promise<void>) => async () => {
      prompts.splice(prompts.indexOf(prompt), 1)
      renderPrompts()
      await action().catch((error: Error) => log(`failed: ${error.message}`))
      renderSessions()
    }
    const approve = Object.assign(document.createElement('button'), {
      type: 'button',
      className: 'primary',
      textContent: 'Approve',
    })
    approve.dataset.testid = 'wallet-approve'
    approve.onclick = settle(prompt.approve)
    const reject = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Reject' })
    reject.dataset.testid = 'wallet-reject'
    reject.onclick = settle(prompt.reject)
    item.append(title, detail, approve, reject)
    list.append(item)
  }
}

function renderSessions() {
  const list = $('sessions')
  list.replaceChildren()
  for (const session of client.session.getAll()) {
    const item = document.createElement('li')
    item.textContent = `${session.peer.metadata.name} — ${session.peer.metadata.url} `
    const disconnect = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Disconnect' })
    disconnect.onclick = async () => {
      await client.disconnect({ topic: session.topic, reason: getSdkError('USER_DISCONNECTED') })
      log(`disconnected ${session.peer.metadata.url}`)
      renderSessions()
    }
    item.append(disconnect)
    list.append(item)
  }
  if (!list.children.length) list.innerHTML = '<li class="note">None yet.</li>'
}

function namespaces(proposal: SignClientTypes.EventArguments['session_proposal']['params']) {
  const caip = chains.map((c) => `eip155:${c.id}`)
  return buildApprovedNamespaces({
    proposal,
    supportedNamespaces: {
      eip155: { chains: caip, methods: METHODS, events: EVENTS, accounts: caip.map((c) => `${c}:${core.address}`) },
    },
  })
}

client.on('session_proposal', (proposal) => {
  const { proposer } = proposal.params
  prompts.push({
    id: `p${proposal.id}`,
    title: `${proposer.metadata.name} wants to connect`,
    detail: `${proposer.metadata.url}\naccount ${core.address}`,
    async approve() {
      const { acknowledged } = await client.approve({ id: proposal.id, namespaces: namespaces(proposal.params) })
      await acknowledged()
      await core.authorize(proposer.metadata.url)
      log(`connected ${proposer.metadata.url}`)
    },
    async reject() {
      await client.reject({ id: proposal.id, reason: getSdkError('USER_REJECTED') })
      log(`declined ${proposer.metadata.url}`)
    },
  })
  renderPrompts()
})

client.on('session_request', ({ id, topic, params }) => {
  const origin = client.session.get(topic).peer.metadata.url
  const { method, params: requestParams } = params.request
  const respond = (response: { result: unknown } | { error: { code: number; message: string } }) =>
    client.respond({ topic, response: { id, jsonrpc: '2.0', ...response } as never })
  async function answer() {
    try {
      const chainId = Number(params.chainId.split(':')[1])
      if (chainId !== core.chainId && chains.some((c) => c.id === chainId) && method !== 'wallet_switchEthereumChain')
        await core.switchChain(chainId)
      const result = await core.request(origin, method, requestParams)
      await respond({ result })
      log(`${method}: done`)
    } catch (error) {
      const rpc = toWalletRpcError(error)
      await respond({ error: { code: rpc.code, message: rpc.message } })
      log(`${method}: ${rpc.message}`)
    }
  }
  // Reads (capabilities, a batch's status) are answered at once, as wallets do; a site waits only briefly for them.
  if (!PROMPT_METHODS.has(method)) return void answer()
  prompts.push({
    id: `r${id}`,
    title: `${origin} asks: ${method} on ${params.chainId}`,
    detail: JSON.stringify(requestParams, null, 2),
    approve: answer,
    async reject() {
      await respond({ error: { code: 4001, message: 'User rejected the request.' } })
      log(`${method}: rejected`)
    },
  })
  renderPrompts()
})
client.on('session_delete', () => renderSessions())

// Wallet-side events go to every connected site.
function wireEvents() {
  core.setEventSink(async (_scope, event, payload) => {
    if (event !== 'chainChanged' && event !== 'accountsChanged') return
    for (const session of client.session.getAll()) {
      await client
        .emit({
          topic: session.topic,
          event: { name: event, data: event === 'chainChanged' ? Number(payload) : payload },
          chainId: `eip155:${core.chainId}`,
        })
        .catch(() => {})
    }
  })
}
wireEvents()

const accountSelect = $<HTMLSelectElement>('account')
for (const [index, key] of ANVIL_PRIVATE_KEYS.entries()) {
  accountSelect.add(
    new Option(`#${index}  ${privateKeyToAccount(key).address}`, String(index), index === 1, index === 1),
  )
}
accountSelect.onchange = async () => {
  await core.setAccount(ANVIL_PRIVATE_KEYS[Number(accountSelect.value)]!)
  $('address').textContent = core.address
  log(`account ${core.address}`)
}
const chainSelect = $<HTMLSelectElement>('chain')
for (const chain of chains) chainSelect.add(new Option(`${chain.name} (${chain.id})`, String(chain.id)))
chainSelect.onchange = async () => {
  await core.switchChain(Number(chainSelect.value))
  log(`network ${core.chainId}`)
}
const atomicBatch = $<HTMLInputElement>('atomic-batch')
atomicBatch.onchange = () => {
  core.setAtomicBatch(atomicBatch.checked)
  log(`atomic call batches ${atomicBatch.checked ? 'on' : 'off'}`)
}
$('address').textContent = core.address
$('relay').textContent = `Relay: ${__FOYER_WC_RELAY_URL__}`

$<HTMLFormElement>('pair-form').onsubmit = async (event) => {
  event.preventDefault()
  const input = $<HTMLInputElement>('uri')
  const uri = input.value.trim()
  if (!uri.startsWith('wc:')) return log('That is not a WalletConnect URI (it starts with "wc:").')
  try {
    await client.core.pairing.pair({ uri })
    input.value = ''
    log('paired; waiting for the site’s proposal')
  } catch (error) {
    log(`pairing failed: ${(error as Error).message}`)
  }
}
renderSessions()
