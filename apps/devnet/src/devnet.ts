/** The chains part of the stack: start both anvils, deploy and seed them, and write the devnet file. */
import { type BundlerOptions, bundlerUrl, type RunningBundler, startBundler } from './account-abstraction/bundler.ts'
import { type AccountAbstractionContracts, installAccountAbstraction } from './account-abstraction/deploy.ts'
import { devAccounts } from './accounts.ts'
import {
  type ChainSpec,
  devnetChainSpecs,
  type RunningChain,
  type StartChainOptions,
  stackHost,
  startChains,
} from './chains.ts'
import { type DeployedChain, deployChain } from './deploy.ts'
import { type DevnetChain, type DevnetInfo, devnetFilePath, writeDevnet } from './devnet-file.ts'
import { seedHistory } from './history-seed.ts'
import { NFT_INFO, SPAM_NFT_INFO, TOKEN_INFO, USD_INFO, WETH_INFO } from './market.ts'

export interface DevnetOptions {
  host?: string
  /** Defaults to the two chains of devnetChainSpecs() (ports from env). */
  chains?: ChainSpec[]
  /** Defaults to devnetFilePath(); pass null to not write a file. */
  devnetFile?: string | null
  onUnexpectedExit?: StartChainOptions['onUnexpectedExit']
  /** Give the dev accounts a transaction history (history-seed.ts). Default true. */
  seedHistory?: boolean
  /**
   * Run the ERC-4337 bundler (account-abstraction/bundler.ts) for the chains, its URLs in the devnet file. Default
   * false: it takes seconds to start, and only what sends user operations needs it.
   */
  bundler?: boolean | Pick<BundlerOptions, 'port' | 'echo' | 'onUnexpectedExit'>
}

export interface RunningDevnet {
  info: DevnetInfo
  /** Where the devnet file was written, if it was. */
  devnetFile: string | null
  chains: RunningChain[]
  deployments: DeployedChain[]
  /** Present when started with `bundler`. */
  bundler?: RunningBundler
  stop(): Promise<void>
}

/** Puts the bundler's URL for each chain into the devnet description. */
export function withBundlerUrls(info: DevnetInfo, bundlerOrigin: string): void {
  for (const chain of info.chains) chain.accountAbstraction.bundlerUrl = bundlerUrl(bundlerOrigin, chain.id)
}

export function describeChain(
  chain: RunningChain,
  deployed: DeployedChain,
  accountAbstraction: AccountAbstractionContracts,
): DevnetChain {
  const { weth, usd, token, factory, router, nft, spamNft } = deployed.contracts
  return {
    id: chain.id,
    name: chain.name,
    rpcUrl: chain.rpcUrl,
    nativeSymbol: 'ETH',
    contracts: { weth, usd, token, factory, router },
    tokens: [
      { address: weth, ...WETH_INFO },
      { address: usd, ...USD_INFO },
      { address: token, ...TOKEN_INFO },
    ],
    nfts: [
      { address: nft, ...NFT_INFO },
      { address: spamNft, ...SPAM_NFT_INFO },
    ],
    accountAbstraction: { ...accountAbstraction },
  }
}

export async function startDevnet(opts: DevnetOptions = {}): Promise<RunningDevnet> {
  const accounts = devAccounts()
  const chains = await startChains(opts.chains ?? devnetChainSpecs(), {
    host: opts.host ?? stackHost(),
    onUnexpectedExit: opts.onUnexpectedExit,
  })
  let bundler: RunningBundler | undefined
  const stop = async () => {
    await bundler?.stop()
    await Promise.all(chains.map((c) => c.stop()))
  }
  try {
    const deployments = await Promise.all(
      chains.map(async (c) => {
        const deployed = await deployChain({ rpcUrl: c.rpcUrl, chainId: c.id, accounts })
        if (opts.seedHistory !== false) await seedHistory({ rpcUrl: c.rpcUrl, accounts, deployed })
        // After the seed, from an account of its own: the seeded blocks and the dev accounts' nonces stay as they were.
        const accountAbstraction = await installAccountAbstraction(c.rpcUrl)
        return { deployed, accountAbstraction }
      }),
    )
    const info: DevnetInfo = {
      chains: chains.map((c, i) => describeChain(c, deployments[i].deployed, deployments[i].accountAbstraction)),
      accounts: accounts.map(({ address, privateKey }) => ({ address, privateKey })),
    }
    if (opts.bundler) {
      bundler = await startBundler({
        onUnexpectedExit: (name, description, lastLines) =>
          console.error(`${name} ${description}.\n${lastLines.slice(-10).join('\n')}`),
        ...(opts.bundler === true ? {} : opts.bundler),
        chains: info.chains,
        host: opts.host ?? stackHost(),
      })
      withBundlerUrls(info, bundler.url)
    }
    const file = opts.devnetFile === null ? null : writeDevnet(info, opts.devnetFile ?? devnetFilePath())
    return { info, devnetFile: file, chains, deployments: deployments.map((d) => d.deployed), bundler, stop }
  } catch (err) {
    await stop()
    throw err
  }
}
