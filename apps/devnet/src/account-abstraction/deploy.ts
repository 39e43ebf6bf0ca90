/**
 * Puts the ERC-4337 contracts on one devnet chain: funds the sponsor and the bundler's accounts with
 * anvil_setBalance (no transaction), then the sponsor sends the four CREATE2 deployments (contracts.ts) and the
 * paymaster's 100 ETH deposit at the EntryPoint. Runs after the main deploy and the history seed, from an account
 * of its own, so the dev accounts' nonces and history and the seeded blocks stay as they were. ~50 ms a chain.
 */
import type { Address, Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { encodeFunctionData, numberToHex, parseAbi } from 'viem/utils'
import { jsonRpc } from '../rpc.ts'
import { type DeployStep, sendSteps } from '../sendSteps.ts'
import {
  AA_ACCOUNT_BALANCE,
  accountAbstractionDeployments,
  bundlerExecutorAccount,
  bundlerUtilityAccount,
  CREATE2_DEPLOYER,
  CREATE2_DEPLOYER_CODE,
  ENTRY_POINT_V08,
  PAYMASTER_DEPOSIT,
  SIMPLE_7702_ACCOUNT_V08,
  SIMPLE_ACCOUNT_FACTORY_V08,
  sponsorAccount,
} from './contracts.ts'

/** The account-abstraction contracts of a chain, as the devnet file lists them. */
export interface AccountAbstractionContracts {
  entryPoint: Address
  simpleAccountFactory: Address
  simple7702Account: Address
  paymaster: Address
  /** The paymaster's verifying signer: the sponsor account. */
  paymasterSigner: Address
}

const entryPointAbi = parseAbi([
  'function depositTo(address account) payable',
  'function balanceOf(address account) view returns (uint256)',
])

export async function installAccountAbstraction(rpcUrl: string): Promise<AccountAbstractionContracts> {
  const rpc = jsonRpc(rpcUrl)
  const sponsorKey = sponsorAccount()
  const sponsor = privateKeyToAccount(sponsorKey.privateKey)
  const deployments = accountAbstractionDeployments(sponsor.address)
  const paymaster = deployments[3].address

  const codeAt = (address: Address) => rpc.request<Hex>('eth_getCode', [address, 'latest'])
  if ((await codeAt(CREATE2_DEPLOYER)) === '0x')
    await rpc.request('anvil_setCode', [CREATE2_DEPLOYER, CREATE2_DEPLOYER_CODE])
  await Promise.all(
    [sponsorKey, bundlerExecutorAccount(), bundlerUtilityAccount()].map((a) =>
      rpc.request('anvil_setBalance', [a.address, numberToHex(AA_ACCOUNT_BALANCE)]),
    ),
  )

  // Only what is missing is sent, so installing on a chain that has it already changes nothing.
  const present = await Promise.all(deployments.map(async (d) => (await codeAt(d.address)) !== '0x'))
  const steps: DeployStep[] = deployments
    .filter((_, i) => !present[i])
    .map((d) => ({ what: `deploying ${d.name}`, to: CREATE2_DEPLOYER, data: `${d.salt}${d.initCode.slice(2)}` as Hex }))
  if (!present[3])
    steps.push({
      what: 'depositing for the paymaster',
      to: ENTRY_POINT_V08,
      value: PAYMASTER_DEPOSIT,
      data: encodeFunctionData({ abi: entryPointAbi, functionName: 'depositTo', args: [paymaster] }),
    })

  if (steps.length > 0) {
    const [chainId, firstNonce] = await Promise.all([rpc.chainId(), rpc.nonce(sponsor.address)])
    await sendSteps(rpc, sponsor, { chainId, firstNonce, where: `Account abstraction on ${rpcUrl}` }, steps)
    // The proxy returns nothing on a failed CREATE2 without reverting in every version: check the code itself.
    const missing = (
      await Promise.all(deployments.map(async (d) => ((await codeAt(d.address)) === '0x' ? d.name : null)))
    ).filter(Boolean)
    if (missing.length)
      throw new Error(`Account abstraction on ${rpcUrl}: no code for ${missing.join(', ')} after deploying`)
  }

  return {
    entryPoint: ENTRY_POINT_V08,
    simpleAccountFactory: SIMPLE_ACCOUNT_FACTORY_V08,
    simple7702Account: SIMPLE_7702_ACCOUNT_V08,
    paymaster,
    paymasterSigner: sponsor.address,
  }
}
