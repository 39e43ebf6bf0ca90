/**
 * The ERC-4337 contracts of the devnet: EntryPoint v0.8, SimpleAccountFactory v0.8 and Simple7702Account v0.8 from
 * the `@account-abstraction/contracts@0.8.0` npm build, created through the deterministic CREATE2 deployer with the
 * salts used on public chains, so they land at their canonical addresses; and the devnet's own VerifyingPaymaster
 * (contracts/VerifyingPaymaster.sol), also through CREATE2, so its address is fixed as well.
 */
import { createRequire } from 'node:module'
import type { Abi, Address, Hex } from 'viem'
import { encodeAbiParameters, getCreate2Address, keccak256 } from 'viem/utils'
import { type DevAccount, devAccountAt } from '../accounts.ts'
import { ownArtifacts } from '../artifacts.ts'

const require = createRequire(import.meta.url)

/** The deterministic deployment proxy (present in anvil's genesis, and on most public chains). */
export const CREATE2_DEPLOYER: Address = '0x4e59b44847b379578588920ca78fbf26c0b4956c'
/** The proxy's runtime code, installed with anvil_setCode on a chain started without it. */
export const CREATE2_DEPLOYER_CODE: Hex =
  '0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf3'

/** Canonical addresses of the v0.8 release. */
export const ENTRY_POINT_V08: Address = '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108'
export const SIMPLE_ACCOUNT_FACTORY_V08: Address = '0x13E9ed32155810FDbd067D4522C492D6f68E5944'
export const SIMPLE_7702_ACCOUNT_V08: Address = '0xe6Cae83BdE06E4c305530e199D7217f42808555B'

const ZERO_SALT: Hex = `0x${'00'.repeat(32)}`
/** The salt the EntryPoint v0.8 was deployed with on public chains; the factory and the 7702 account used zero. */
const ENTRY_POINT_SALT: Hex = '0x0a59dbff790c23c976a548690c27297883cc66b4c67024f9117b0238995e35e9'

/** Indexes on the dev mnemonic (m/44'/60'/0'/0/i) of the accounts the account-abstraction parts use. */
export const AA_ACCOUNT_INDEX = {
  /** Signs paymaster sponsorships; also deploys and owns the paymaster and pays its EntryPoint deposit. */
  sponsor: 30,
  /** The bundler's executor: sends the handleOps transactions. */
  bundlerExecutor: 31,
  /** The bundler's utility account: deploys its simulation contract and refills the executor. */
  bundlerUtility: 32,
} as const

/** The paymaster's deposit at the EntryPoint, in wei (100 ETH). */
export const PAYMASTER_DEPOSIT = 100n * 10n ** 18n
/** Native balance anvil_setBalance gives the sponsor, executor and utility accounts (10,000 ETH). */
export const AA_ACCOUNT_BALANCE = 10_000n * 10n ** 18n

// Derived once: each derivation costs tens of milliseconds of pure-JS elliptic-curve work.
const derived = new Map<number, DevAccount>()
const accountAt = (index: number): DevAccount => {
  const known = derived.get(index)
  if (known) return known
  const account = devAccountAt(index)
  derived.set(index, account)
  return account
}
/** The paymaster's verifying signer, owner and funder (dev mnemonic index 30). */
export const sponsorAccount = (): DevAccount => accountAt(AA_ACCOUNT_INDEX.sponsor)
export const bundlerExecutorAccount = (): DevAccount => accountAt(AA_ACCOUNT_INDEX.bundlerExecutor)
export const bundlerUtilityAccount = (): DevAccount => accountAt(AA_ACCOUNT_INDEX.bundlerUtility)

interface HardhatArtifact {
  abi: Abi
  bytecode: Hex
}

const npmArtifact = (name: 'EntryPoint' | 'SimpleAccountFactory' | 'Simple7702Account'): HardhatArtifact =>
  require(`@account-abstraction/contracts/artifacts/${name}.json`) as HardhatArtifact

/** One CREATE2 deployment: the proxy's calldata is `salt ++ initCode`. */
export interface Create2Deployment {
  name: string
  salt: Hex
  initCode: Hex
  /** Where CREATE2 puts it, computed from salt and init code. */
  address: Address
}

function create2(name: string, salt: Hex, initCode: Hex): Create2Deployment {
  return {
    name,
    salt,
    initCode,
    address: getCreate2Address({ from: CREATE2_DEPLOYER, salt, bytecodeHash: keccak256(initCode) }),
  }
}

/** The paymaster's constructor: the EntryPoint, the sponsor as verifying signer and as owner. */
export function paymasterDeployment(sponsor: Address = sponsorAccount().address): Create2Deployment {
  const { bytecode } = ownArtifacts().contracts.VerifyingPaymaster
  const args = encodeAbiParameters(
    [{ type: 'address' }, { type: 'address' }, { type: 'address' }],
    [ENTRY_POINT_V08, sponsor, sponsor],
  )
  return create2('VerifyingPaymaster', ZERO_SALT, `${bytecode}${args.slice(2)}`)
}

/**
 * The four deployments in order (the factory and the paymaster name the EntryPoint). Each computed address is
 * checked against the canonical one, so a changed npm build fails here rather than putting contracts elsewhere.
 */
export function accountAbstractionDeployments(sponsor?: Address): Create2Deployment[] {
  const factoryArgs = encodeAbiParameters([{ type: 'address' }], [ENTRY_POINT_V08]).slice(2)
  const canonical = [
    [create2('EntryPoint', ENTRY_POINT_SALT, npmArtifact('EntryPoint').bytecode), ENTRY_POINT_V08],
    [
      create2('SimpleAccountFactory', ZERO_SALT, `${npmArtifact('SimpleAccountFactory').bytecode}${factoryArgs}`),
      SIMPLE_ACCOUNT_FACTORY_V08,
    ],
    [create2('Simple7702Account', ZERO_SALT, npmArtifact('Simple7702Account').bytecode), SIMPLE_7702_ACCOUNT_V08],
  ] as const
  for (const [deployment, expected] of canonical) {
    if (deployment.address !== expected)
      throw new Error(
        `${deployment.name} from @account-abstraction/contracts would deploy to ${deployment.address}, not its canonical ${expected}: the npm build changed`,
      )
  }
  return [...canonical.map(([d]) => d), paymasterDeployment(sponsor)]
}
