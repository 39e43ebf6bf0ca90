import { DEV_MNEMONIC } from './accounts.ts'
import { DEV_OPERATOR_EMAIL, DEV_OPERATOR_PASSWORD } from './devOperator.ts'
import type { Stack } from './stack.ts'

/** Dev accounts whose keys the banner prints; the rest are in the devnet file. */
const KEYS_SHOWN = 3
/** Wide enough for "SimpleAccountFactory" and a gap. */
const CONTRACT_LABEL_WIDTH = 22

/** The one block `foyer dev` prints once everything answers. Lists only what actually runs. */
export function formatBanner(
  stack: Pick<Stack, 'urls' | 'accounts' | 'devnet' | 'devnetFile' | 'skipped' | 'startupMs'>,
): string {
  const rows: [string, string][] = []
  if (stack.urls.demo) rows.push(['Demo site', stack.urls.demo])
  if (stack.urls.server) rows.push(['Foyer server', stack.urls.server])
  if (stack.urls.console)
    rows.push(['Operator console', `${stack.urls.console}  (${DEV_OPERATOR_EMAIL} / ${DEV_OPERATOR_PASSWORD})`])
  if (stack.urls.relay) rows.push(['WalletConnect relay', stack.urls.relay])
  if (stack.urls.farcasterRelay)
    rows.push(['Farcaster relay', `${stack.urls.farcasterRelay}  (local stand-in; test fids 1001–1005)`])
  if (stack.urls.wallet) rows.push(['Dev wallet app', stack.urls.wallet])
  if (stack.urls.frame) rows.push(['Secure frame', stack.urls.frame])
  if (stack.urls.smtp && stack.urls.mailInbox)
    rows.push(['Mail sink', `${stack.urls.smtp}  (inbox ${stack.urls.mailInbox}/messages)`])
  if (stack.urls.faucet) rows.push(['Faucet', `${stack.urls.faucet}  (funds new email wallets)`])
  if (stack.urls.onrampSandbox)
    rows.push(['Sandbox on-ramp', `${stack.urls.onrampSandbox}/checkout  (test money; card 4242 4242 4242 4242)`])
  if (stack.urls.oidc)
    rows.push([
      'OpenID Connect stand-in (social logins)',
      `${stack.urls.oidc}/<provider>  (test users ada, grace, mallory, nemo)`,
    ])
  if (stack.urls.bundler) rows.push(['ERC-4337 bundler', `${stack.urls.bundler}/<chainId>  (alto, EntryPoint v0.8)`])
  if (stack.urls.solana)
    rows.push([
      'Solana JSON-RPC stand-in (LiteSVM)',
      `${stack.urls.solana}  (not a validator; fUSD and Token-2022 fEUR, accounts m/44'/501'/i'/0')`,
    ])
  if (stack.urls.solanaWs)
    rows.push(['Solana PubSub (stand-in)', `${stack.urls.solanaWs}  (signature, account and slot subscriptions)`])
  for (const chain of stack.urls.chains) rows.push([chain.name, `${chain.rpcUrl}  (chain id ${chain.id})`])
  const width = Math.max(...rows.map(([label]) => label.length)) + 2

  const lines = [
    '',
    `Foyer local stack is up (${(stack.startupMs / 1000).toFixed(1)} s)`,
    '',
    ...rows.map(([label, value]) => `  ${label.padEnd(width)}${value}`),
  ]

  // Addresses are deterministic; print them once when both chains agree (they do unless deploy changed).
  const [first, ...rest] = stack.devnet.chains
  if (first) {
    const same = rest.every((c) => JSON.stringify(c.contracts) === JSON.stringify(first.contracts))
    const chains = same ? [first] : stack.devnet.chains
    for (const chain of chains) {
      lines.push('', same ? '  Contracts (same address on every chain):' : `  Contracts on ${chain.name}:`)
      const symbol = (address: string) => chain.tokens.find((t) => t.address === address)?.symbol
      for (const [key, address] of Object.entries(chain.contracts)) {
        lines.push(`    ${(symbol(address) ?? key).padEnd(CONTRACT_LABEL_WIDTH)}${address}`)
      }
      const aa = chain.accountAbstraction
      if (aa) {
        const rows: [string, string][] = [
          ['EntryPoint v0.8', aa.entryPoint],
          ['SimpleAccountFactory', aa.simpleAccountFactory],
          ['Simple7702Account', aa.simple7702Account],
          ['VerifyingPaymaster', `${aa.paymaster}  (signer ${aa.paymasterSigner}, mnemonic index 30)`],
        ]
        for (const [label, value] of rows) lines.push(`    ${label.padEnd(CONTRACT_LABEL_WIDTH)}${value}`)
      }
    }
  }

  lines.push('', '  Dev accounts — PUBLIC anvil test keys, known to everyone; never use them on a real network:')
  for (const [i, a] of stack.accounts.slice(0, KEYS_SHOWN).entries())
    lines.push(`    #${i}  ${a.address}  key ${a.privateKey}`)
  if (stack.accounts.length > KEYS_SHOWN) {
    lines.push(`    … ${stack.accounts.length - KEYS_SHOWN} more from the mnemonic "${DEV_MNEMONIC}"`)
  }
  lines.push('', `  Devnet file   ${stack.devnetFile}`)
  for (const part of stack.skipped) lines.push(`  Not started   ${part.name}: ${part.reason}`)
  lines.push('', 'Press Ctrl-C to stop.', '')
  return lines.join('\n')
}
