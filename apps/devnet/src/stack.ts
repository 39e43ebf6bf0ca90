/**
 * The whole local stack as one function, shared by `foyer dev`, Playwright's global setup and the benchmark:
 * chains → deploy → devnet file → Foyer server and demo site as child processes, each awaited until it answers.
 */
import { existsSync } from 'node:fs'
import { bundlerPort, type RunningBundler, startBundler } from './account-abstraction/bundler.ts'
import { sponsorAccount } from './account-abstraction/contracts.ts'
import { devnetChainSpecs, devnetOnrampNetworks, stackHost } from './chains.ts'
import { type RunningChild, runChild, startChild } from './children.ts'
import { buildConsoleIfStale, CONSOLE_BUILD_DIR } from './consoleBuild.ts'
import { DEMO_SOCIAL_LOGIN_ENABLED, demoSocialProject, withDemoSocialProject } from './demoSocialProject.ts'
import { type RunningDevnet, startDevnet, withBundlerUrls } from './devnet.ts'
import { devnetFilePath, writeDevnet } from './devnet-file.ts'
import { consoleUrl, withDevOperator } from './devOperator.ts'
import { checkEmbeddedPorts, type EmbeddedServices, embeddedPorts, startEmbeddedServices } from './embeddedServices.ts'
import { withExamplesProject } from './examplesProject.ts'
import { DEFAULT_FARCASTER_RELAY_PORT, type FarcasterRelay, startFarcasterRelay } from './farcaster/relay.ts'
import { FARCASTER_CHAIN_ID } from './farcaster/users.ts'
import { type OidcStandIn, oidcStandInPort, startOidcStandIn } from './oidc/standIn.ts'
import { type OnrampSandbox, onrampSandboxPort, startOnrampSandbox } from './onramp-sandbox/sandbox.ts'
import { REPO_ROOT, repoPath } from './paths.ts'
import { assertPortFree, portFromEnv } from './ports.ts'
import { type RunningRelay, startWalletConnectRelay } from './relay/walletConnectRelay.ts'
import { solanaRpcPort, solanaWsPort } from './solana/port.ts'
import type { SolanaStandIn } from './solana/server.ts'
import type { Stack, StackOptions, StackPorts } from './stackTypes.ts'
import { viteCommand } from './vite.ts'

export type { DemoMode, Stack, StackOptions, StackPorts, StackUrls } from './stackTypes.ts'

const SERVER_ENTRY = 'apps/server/src/main.ts'
const DEMO_DIR = 'apps/demo'
const WALLET_DIR = 'apps/wallet'
const SERVER_READY_MS = 60_000
const DEMO_READY_MS = 60_000
const DEMO_BUILD_MS = 300_000

export function stackPorts(overrides: Partial<StackPorts> = {}): StackPorts {
  const [chain1, chain2] = devnetChainSpecs()
  return {
    chain1: chain1.port,
    chain2: chain2.port,
    server: portFromEnv(process.env, 'FOYER_SERVER_PORT', 8787),
    demo: portFromEnv(process.env, 'FOYER_DEMO_PORT', 5173),
    relay: portFromEnv(process.env, 'FOYER_RELAY_PORT', 8790),
    farcasterRelay: portFromEnv(process.env, 'FOYER_FARCASTER_RELAY_PORT', DEFAULT_FARCASTER_RELAY_PORT),
    wallet: portFromEnv(process.env, 'FOYER_WALLET_PORT', 5175),
    onrampSandbox: onrampSandboxPort(),
    oidc: oidcStandInPort(),
    bundler: bundlerPort(),
    solana: solanaRpcPort(),
    solanaWs: solanaWsPort(),
    ...overrides,
  }
}

const urlHost = (host: string) => (host === '0.0.0.0' ? '127.0.0.1' : host)

function defaultUnexpectedExit(name: string, description: string, lastLines: string[]) {
  const tail = lastLines
    .slice(-10)
    .map((l) => `  ${l}`)
    .join('\n')
  console.error(
    `\n${name} ${description}. The rest of the stack keeps running.${tail ? `\nLast output:\n${tail}` : ''}`,
  )
}

export async function startStack(opts: StackOptions = {}): Promise<Stack> {
  const started = performance.now()
  const demoMode = opts.demo ?? 'dev'
  const wantServer = opts.server ?? true
  const echo = !opts.quiet
  const host = opts.host ?? stackHost()
  const ports = stackPorts(opts.ports)
  const devnetFile = opts.devnetFile ?? devnetFilePath()
  const reportExit = opts.onUnexpectedExit ?? defaultUnexpectedExit

  const skipped: Stack['skipped'] = []
  const runServer = wantServer && existsSync(repoPath(SERVER_ENTRY))
  if (wantServer && !runServer) skipped.push({ name: 'server', reason: `${SERVER_ENTRY} does not exist yet` })
  const runDemo = demoMode !== false && existsSync(repoPath(DEMO_DIR, 'index.html'))
  if (demoMode !== false && !runDemo)
    skipped.push({ name: 'demo', reason: `${DEMO_DIR}/index.html does not exist yet` })

  // Check every port before starting anything, so a clash costs nothing and names the right variable.
  if (runServer) await assertPortFree(host, ports.server, 'the Foyer server', 'FOYER_SERVER_PORT')
  if (runDemo) await assertPortFree(host, ports.demo, 'the demo site', 'FOYER_DEMO_PORT')
  const runRelay = opts.relay ?? true
  if (runRelay) await assertPortFree(host, ports.relay, 'the WalletConnect relay', 'FOYER_RELAY_PORT')
  const runFarcaster = opts.farcasterRelay ?? true
  if (runFarcaster)
    await assertPortFree(
      host,
      ports.farcasterRelay,
      'the Farcaster Connect relay stand-in',
      'FOYER_FARCASTER_RELAY_PORT',
    )
  const runWallet = (opts.wallet ?? runDemo) && existsSync(repoPath(WALLET_DIR, 'index.html'))
  if (runWallet) await assertPortFree(host, ports.wallet, 'the dev wallet app', 'FOYER_WALLET_PORT')
  if (runServer) await assertPortFree(host, ports.onrampSandbox, 'the sandbox on-ramp', 'FOYER_ONRAMP_SANDBOX_PORT')
  if (runServer)
    await assertPortFree(host, ports.oidc, 'the OpenID Connect stand-in (social logins)', 'FOYER_OIDC_PORT')

  const runBundler = opts.bundler ?? false
  if (runBundler) await assertPortFree(host, ports.bundler, 'the ERC-4337 bundler', 'FOYER_BUNDLER_PORT')
  const runSolana = opts.solana ?? false
  if (runSolana) {
    await assertPortFree(host, ports.solana, 'the Solana JSON-RPC stand-in (LiteSVM)', 'FOYER_SOLANA_RPC_PORT')
    await assertPortFree(
      host,
      ports.solanaWs,
      "the Solana stand-in's PubSub subscriptions (WebSocket)",
      'FOYER_SOLANA_WS_PORT',
    )
  }

  const embeddedPortsUsed = embeddedPorts()
  // The mail sink, the faucet and the frame serve the server's email login: only with the server.
  if (runServer) await checkEmbeddedPorts(host, embeddedPortsUsed, runDemo)
  let embedded: EmbeddedServices | undefined
  let onramp: OnrampSandbox | undefined
  let oidc: OidcStandIn | undefined

  const [spec1, spec2] = devnetChainSpecs()
  const children: RunningChild[] = []
  let devnet: RunningDevnet | undefined
  let relay: RunningRelay | undefined
  let farcasterRelay: FarcasterRelay | undefined
  let bundlerStart: Promise<RunningBundler> | undefined
  let solana: SolanaStandIn | undefined
  let stopping: Promise<void> | undefined
  const stop = () =>
    (stopping ??= (async () => {
      await Promise.all([
        ...children.map((c) => c.stop()),
        relay?.stop(),
        farcasterRelay?.stop(),
        embedded?.stop(),
        onramp?.stop(),
        oidc?.stop(),
        solana?.stop(),
        bundlerStart?.then(
          (bundler) => bundler.stop(),
          () => undefined,
        ),
      ])
      await devnet?.stop()
    })())

  try {
    devnet = await startDevnet({
      host,
      chains: [
        { ...spec1, port: ports.chain1 },
        { ...spec2, port: ports.chain2 },
      ],
      devnetFile,
      onUnexpectedExit: (chain, description, lastLines) =>
        reportExit(`anvil ${chain.id} (${chain.name})`, description, lastLines),
    })

    if (runSolana) {
      // Loaded only when asked for: LiteSVM is a native module the rest of the stack does not need.
      const { describeSolanaStandIn, startSolanaStandIn } = await import('./solana/server.ts')
      solana = await startSolanaStandIn({ host, port: ports.solana, wsPort: ports.solanaWs })
      devnet.info.solana = describeSolanaStandIn(solana)
      if (devnet.devnetFile) writeDevnet(devnet.info, devnet.devnetFile)
    }

    const bundlerUrl = runBundler ? `http://${urlHost(host)}:${ports.bundler}` : undefined
    if (bundlerUrl) {
      // Its URLs are known before it answers: they go in the devnet file now, and alto starts (a few seconds) side
      // by side with the server and the demo.
      withBundlerUrls(devnet.info, bundlerUrl)
      if (devnet.devnetFile) writeDevnet(devnet.info, devnet.devnetFile)
      bundlerStart = startBundler({
        chains: devnet.info.chains,
        host,
        port: ports.bundler,
        echo,
        onUnexpectedExit: reportExit,
      })
      // Awaited with the server and the demo below; a failure before then must not count as unhandled.
      bundlerStart.catch(() => undefined)
    }

    if (runRelay) relay = await startWalletConnectRelay({ host, port: ports.relay })
    // Sign in with Farcaster: the relay stand-in, and the chain whose registry stand-ins hold the test fids.
    const farcasterChain = devnet.info.chains.find((c) => c.id === FARCASTER_CHAIN_ID)
    if (runFarcaster)
      farcasterRelay = await startFarcasterRelay({ host, port: ports.farcasterRelay, rpcUrl: farcasterChain?.rpcUrl })
    const farcasterEnv: Record<string, string> =
      farcasterRelay && farcasterChain
        ? { FOYER_FARCASTER_RELAY_URL: farcasterRelay.url, FOYER_FARCASTER_RPC_URL: farcasterChain.rpcUrl }
        : {}
    const serverUrl = runServer ? `http://${urlHost(host)}:${ports.server}` : undefined
    const demoUrl = runDemo ? `http://${urlHost(host)}:${ports.demo}` : undefined
    if (serverUrl) {
      // The sandbox on-ramp pays from its treasury on the chains; the server learns of it (and of its webhook
      // secret, new on every start) from the devnet file, rewritten here before the server starts.
      onramp = await startOnrampSandbox({ host, port: ports.onrampSandbox, devnet: devnet.info, serverUrl })
      devnet.info.onramp = { sandbox: { url: onramp.url, webhookSecret: onramp.webhookSecret } }
      if (devnet.devnetFile) writeDevnet(devnet.info, devnet.devnetFile)
      // The social login providers' stand-in; it accepts the server's callback on any loopback port.
      oidc = await startOidcStandIn({ host, port: ports.oidc })
    }
    const childEnv = { ...process.env, ...opts.env, FOYER_DEVNET_FILE: devnetFile }
    const watch = (name: string) => (code: number | null, signal: NodeJS.Signals | null) => {
      const child = children.find((c) => c.name === name)
      reportExit(name, signal ? `was killed by ${signal}` : `exited with code ${code}`, child?.tail() ?? [])
    }
    if (runServer)
      embedded = await startEmbeddedServices({
        host,
        urlHost: urlHost(host),
        ports: embeddedPortsUsed,
        devnet: devnet.info,
        frame: runDemo ? demoMode : false,
        serverUrl,
        vite: viteCommand(),
        env: childEnv,
        echo,
      })

    // The examples' project, and (once the server takes a project's socialLogin) the demo's social login.
    const serverProjects = (projects: string | undefined) => {
      const withExamples = withExamplesProject(projects)
      if (!DEMO_SOCIAL_LOGIN_ENABLED || !oidc) return withExamples
      return withDemoSocialProject(withExamples, demoSocialProject(oidc.url, ports.demo, devnet?.info.chains))
    }

    const startServer = async () => {
      if (!runServer) return
      // The server serves the frame build (with its headers) on the frame's port, and the console's at /console.
      await Promise.all([embedded?.buildFrame(), buildConsoleIfStale({ vite: viteCommand(), env: childEnv, echo })])
      children.push(
        await startChild({
          name: 'server',
          command: process.execPath,
          args: ['--conditions=@foyer/source', '--import', 'tsx', SERVER_ENTRY],
          cwd: REPO_ROOT,
          // The server logs every request at its default level (info); the dev stack keeps to errors unless LOG_LEVEL says otherwise.
          env: {
            LOG_LEVEL: 'error',
            FOYER_ONRAMP_NETWORKS: devnetOnrampNetworks([spec1, spec2]),
            // The devnet paymasters' verifying signer: the server signs the demo's sponsorships with it.
            FOYER_PAYMASTER_SIGNER_KEY: sponsorAccount().privateKey,
            ...farcasterEnv,
            ...childEnv,
            ...embedded?.serverEnv,
            FOYER_PROJECTS: serverProjects((childEnv as NodeJS.ProcessEnv).FOYER_PROJECTS),
            FOYER_CONSOLE_DIR: CONSOLE_BUILD_DIR,
            FOYER_CONSOLE_OPERATORS: withDevOperator((childEnv as NodeJS.ProcessEnv).FOYER_CONSOLE_OPERATORS),
            PORT: String(ports.server),
            HOST: host,
          },
          // The frame host listens right after the API: when it answers, both do.
          ready: { url: embedded?.frameReadyUrl ?? `${serverUrl}/health` },
          echo,
          timeoutMs: SERVER_READY_MS,
          onUnexpectedExit: watch('server'),
        }),
      )
    }

    const startDemo = async () => {
      if (!runDemo) return
      const demoEnv = {
        ...childEnv,
        ...embedded?.demoEnv,
        ...(serverUrl ? { FOYER_API_URL: serverUrl } : {}),
        ...(relay ? { FOYER_WC_RELAY_URL: relay.url } : {}),
      }
      const listen = ['--port', String(ports.demo), '--strictPort', '--host', host]
      const vite = viteCommand()
      if (demoMode === 'preview') {
        await runChild({
          name: 'demo build',
          command: vite.command,
          args: [...vite.prefix, 'build'],
          cwd: repoPath(DEMO_DIR),
          env: demoEnv,
          echo,
          timeoutMs: DEMO_BUILD_MS,
        })
      }
      children.push(
        await startChild({
          name: 'demo',
          command: vite.command,
          args: demoMode === 'preview' ? [...vite.prefix, 'preview', ...listen] : [...vite.prefix, ...listen],
          cwd: repoPath(DEMO_DIR),
          env: demoEnv,
          ready: { url: `${demoUrl}/` },
          echo,
          timeoutMs: DEMO_READY_MS,
          onUnexpectedExit: watch('demo'),
        }),
      )
    }

    const walletUrl = runWallet ? `http://${urlHost(host)}:${ports.wallet}` : undefined
    const startWallet = async () => {
      if (!runWallet) return
      const vite = viteCommand()
      children.push(
        await startChild({
          name: 'wallet',
          command: vite.command,
          args: [...vite.prefix, '--port', String(ports.wallet), '--strictPort', '--host', host],
          cwd: repoPath(WALLET_DIR),
          env: {
            ...childEnv,
            ...(relay ? { FOYER_WC_RELAY_URL: relay.url } : {}),
            ...(farcasterRelay ? { FOYER_FARCASTER_RELAY_URL: farcasterRelay.url } : {}),
          },
          ready: { url: `${walletUrl}/` },
          echo,
          timeoutMs: DEMO_READY_MS,
          onUnexpectedExit: watch('wallet'),
        }),
      )
    }

    // Server, demo and wallet app do not depend on each other; start them side by side and fail if one fails.
    const results = await Promise.allSettled([startServer(), startDemo(), startWallet(), bundlerStart])
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
    if (failed) throw failed.reason

    return {
      urls: {
        demo: demoUrl,
        server: serverUrl,
        console: serverUrl ? consoleUrl(serverUrl) : undefined,
        relay: relay?.url,
        farcasterRelay: farcasterRelay?.url,
        wallet: walletUrl,
        frame: embedded?.urls.frame,
        smtp: embedded?.urls.smtp,
        mailInbox: embedded?.urls.inbox,
        faucet: embedded?.urls.faucet,
        onrampSandbox: onramp?.url,
        oidc: oidc?.url,
        bundler: bundlerUrl,
        solana: solana?.url,
        solanaWs: solana?.wsUrl,
        chains: devnet.info.chains.map(({ id, name, rpcUrl }) => ({ id, name, rpcUrl })),
      },
      accounts: devnet.info.accounts,
      devnet: devnet.info,
      devnetFile,
      skipped,
      startupMs: Math.round(performance.now() - started),
      stop,
    }
  } catch (err) {
    await stop()
    throw err
  }
}
