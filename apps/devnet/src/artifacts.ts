import { createRequire } from 'node:module'
import type { Abi, Hex } from 'viem'
import { keccak256 } from 'viem/utils'
import type { ArtifactsFile, ContractArtifact } from './compile.ts'

const require = createRequire(import.meta.url)

/** Our own contracts, compiled ahead of time by `npm run compile -w @foyer/devnet` (see compile.ts). */
export function ownArtifacts(): ArtifactsFile {
  return require('./contracts/artifacts.json') as ArtifactsFile
}

/** Uniswap's npm builds store bytecode without the 0x prefix; viem needs it. */
function uniswapArtifact(pkg: '@uniswap/v2-core' | '@uniswap/v2-periphery', name: string): ContractArtifact {
  const json = require(`${pkg}/build/${name}.json`) as { abi: Abi; bytecode: string }
  const bytecode = json.bytecode.startsWith('0x') ? json.bytecode : `0x${json.bytecode}`
  return { abi: json.abi, bytecode: bytecode as Hex }
}

export function uniswapArtifacts() {
  return {
    weth9: uniswapArtifact('@uniswap/v2-periphery', 'WETH9'),
    factory: uniswapArtifact('@uniswap/v2-core', 'UniswapV2Factory'),
    pair: uniswapArtifact('@uniswap/v2-core', 'UniswapV2Pair'),
    router02: uniswapArtifact('@uniswap/v2-periphery', 'UniswapV2Router02'),
  }
}

/**
 * Router02 computes pair addresses with a hard-coded hash of the pair's creation code; if it did not match the
 * factory's pair, every router call would go to an empty address. Checked on each deploy (it is a string search).
 */
export function assertRouterMatchesPair(artifacts = uniswapArtifacts()): Hex {
  const initCodeHash = keccak256(artifacts.pair.bytecode)
  if (!artifacts.router02.bytecode.includes(initCodeHash.slice(2))) {
    throw new Error(
      `UniswapV2Router02 does not embed the pair init-code hash ${initCodeHash}; the npm builds do not match`,
    )
  }
  return initCodeHash
}
