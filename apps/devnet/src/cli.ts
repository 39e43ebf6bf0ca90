/**
 * `foyer dev` — runs the whole local stack until Ctrl-C. Root `npm start` runs this.
 *   foyer dev [--preview] [--no-demo] [--no-server] [--no-bundler] [--no-solana] [--quiet]
 */
import { parseArgs } from 'node:util'
import type { Stack } from './stack.ts'

const USAGE = `Usage: foyer dev [options]

Starts the local Foyer stack: two anvil chains with contracts and liquidity, the Foyer server, the demo site,
an ERC-4337 bundler for both chains and a Solana JSON-RPC stand-in (LiteSVM).

Options:
  --preview     build the demo and serve it with \`vite preview\` instead of the dev server
  --no-demo     do not start the demo site
  --no-server   do not start the Foyer server
  --no-bundler  do not start the ERC-4337 bundler (alto)
  --no-solana   do not start the Solana JSON-RPC stand-in (LiteSVM)
  --quiet       do not print the children's output
  -h, --help    show this help

Ports and host come from FOYER_HOST, FOYER_CHAIN1_PORT, FOYER_CHAIN2_PORT, FOYER_SERVER_PORT, FOYER_DEMO_PORT,
FOYER_BUNDLER_PORT, FOYER_SOLANA_RPC_PORT, FOYER_SOLANA_WS_PORT;
the devnet file goes to FOYER_DEVNET_FILE (default .foyer/devnet.json).`

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

async function dev(flags: {
  preview: boolean
  demo: boolean
  server: boolean
  bundler: boolean
  solana: boolean
  quiet: boolean
}) {
  // Loaded here, not at the top, so `foyer help` answers without loading viem.
  const [{ startStack }, { formatBanner }, { stopAllChildren }] = await Promise.all([
    import('./stack.ts'),
    import('./banner.ts'),
    import('./children.ts'),
  ])
  let stack: Stack | undefined
  let shuttingDown = false
  const shutdown = async (reason: string) => {
    if (shuttingDown) {
      console.error(`\n${reason} again: killing everything now`)
      await stopAllChildren(0)
      process.exit(1)
    }
    shuttingDown = true
    console.log(`\n${reason}: stopping the local stack…`)
    // Before the stack is returned, its parts are only known to the child registry.
    await (stack ? stack.stop() : stopAllChildren())
    console.log('Stopped.')
    process.exit(0)
  }
  process.on('SIGINT', () => shutdown('SIGINT'))
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGHUP', () => shutdown('SIGHUP'))
  // npm does not pass SIGTERM on to a script: if whoever started us dies, we are orphaned and stop as well,
  // rather than leave anvil, the server and vite holding their ports.
  const parent = process.ppid
  setInterval(() => process.ppid !== parent && !shuttingDown && shutdown('Parent process exited'), 1000).unref()

  console.log('Starting the Foyer local stack…')
  try {
    stack = await startStack({
      demo: flags.demo ? (flags.preview ? 'preview' : 'dev') : false,
      server: flags.server,
      bundler: flags.bundler,
      solana: flags.solana,
      quiet: flags.quiet,
    })
  } catch (err) {
    if (shuttingDown) return
    await stopAllChildren()
    fail(`foyer dev: ${(err as Error).message}`)
  }
  if (shuttingDown) return
  console.log(formatBanner(stack))
}

const { values, positionals } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        preview: { type: 'boolean', default: false },
        'no-demo': { type: 'boolean', default: false },
        'no-server': { type: 'boolean', default: false },
        'no-bundler': { type: 'boolean', default: false },
        'no-solana': { type: 'boolean', default: false },
        quiet: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    })
  } catch (err) {
    fail(`${(err as Error).message}\n\n${USAGE}`)
  }
})()

const command = positionals[0] ?? (values.help ? 'help' : undefined)
if (command === 'help' || values.help) {
  console.log(USAGE)
} else if (command === 'dev') {
  await dev({
    preview: values.preview,
    demo: !values['no-demo'],
    server: !values['no-server'],
    bundler: !values['no-bundler'],
    solana: !values['no-solana'],
    quiet: values.quiet,
  })
} else {
  fail(command ? `Unknown command "${command}".\n\n${USAGE}` : USAGE)
}
