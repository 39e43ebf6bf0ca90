import { readFileSync } from 'node:fs'
import {
  type Abi,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
  keccak256,
  type LocalAccount,
  serializeErc6492Signature,
  toHex,
} from 'viem'

/**
 * Contract accounts for signature tests (apps/devnet/src/contracts/OwnedWallet.sol): a wallet whose owner's key
 * signs for it (ERC-1271), made by a CREATE2 factory so that one can also sign before it exists (ERC-6492).
 */
const artifacts = JSON.parse(
  readFileSync(new URL('../../../devnet/src/contracts/artifacts.json', import.meta.url), 'utf8'),
) as { contracts: Record<'OwnedWallet' | 'OwnedWalletFactory', { abi: Abi; bytecode: Hex }> }
export const ownedWalletAbi = artifacts.contracts.OwnedWallet.abi
const factoryArtifact = artifacts.contracts.OwnedWalletFactory

export type OwnedWallets = {
  factory: Hex
  /** The owner's wallet deployed through the factory (salt `deployedSalt`): signatures checked by ERC-1271. */
  deployed: Hex
  /** The factory's address for the owner's wallet with `salt`, deployed or not. */
  addressOf(salt: Hex): Promise<Hex>
  /** `signer`'s signature of `message` for the owner's undeployed wallet with `salt`, wrapped as ERC-6492. */
  sign6492(parameters: { signer: LocalAccount; message: string; salt: Hex }): Promise<Hex>
}

/** Deploys the factory from `deployer` and, through it, `owner`'s wallet with `keccak256(deployedSalt)`. */
export async function deployOwnedWallets({
  rpcUrl,
  deployer,
  owner,
  deployedSalt,
}: {
  rpcUrl: string
  deployer: LocalAccount
  owner: LocalAccount
  deployedSalt: string
}): Promise<OwnedWallets> {
  const wallet = createWalletClient({ account: deployer, transport: http(rpcUrl) })
  const client = createPublicClient({ transport: http(rpcUrl) })
  const deployHash = await wallet.deployContract({ ...factoryArtifact, chain: null })
  const factory = (await client.waitForTransactionReceipt({ hash: deployHash })).contractAddress!
  const deploy = (salt: Hex) =>
    encodeFunctionData({ abi: factoryArtifact.abi, functionName: 'deploy', args: [owner.address, salt] })
  const salt = keccak256(toHex(deployedSalt))
  await client.waitForTransactionReceipt({
    hash: await wallet.sendTransaction({ to: factory, data: deploy(salt), chain: null }),
  })
  const addressOf = (s: Hex) =>
    client.readContract({
      address: factory,
      abi: factoryArtifact.abi,
      functionName: 'addressOf',
      args: [owner.address, s],
    }) as Promise<Hex>
  const deployed = await addressOf(salt)
  if (!(await client.getCode({ address: deployed }))) throw new Error('The owned wallet was not deployed')
  return {
    factory,
    deployed,
    addressOf,
    sign6492: async ({ signer, message, salt }) =>
      serializeErc6492Signature({
        address: factory,
        data: deploy(salt),
        signature: await signer.signMessage({ message }),
      }),
  }
}
