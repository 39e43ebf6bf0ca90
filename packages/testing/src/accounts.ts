/**
 * The ten dev accounts every anvil (and Hardhat) node funds by default, from the public test mnemonic
 * "test test test test test test test test test test test junk". Never use them on a real network.
 */
import type { Address as SolanaAddress } from '@solana/kit'
import type { Address, Hex } from 'viem'

export const ANVIL_PRIVATE_KEYS = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
  '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba',
  '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e',
  '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356',
  '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97',
  '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6',
] as const satisfies readonly Hex[]

export const ANVIL_ACCOUNTS = [
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
  '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
  '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
  '0x976EA74026E726554dB657fA54763abd0C3a0aa9',
  '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955',
  '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f',
  '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
] as const satisfies readonly Address[]

/**
 * The ten Solana dev keys of the same public mnemonic, on m/44'/501'/i'/0' (the path Phantom, Solflare and
 * `solana-keygen` use for account i): each the 64-byte secret key (private key then public key) in base58, the
 * form Phantom imports. The devnet's Solana stand-in funds these accounts. Never use them on a real network.
 */
export const SOLANA_DEV_KEYS = [
  '4Cfc4TJ6dsWwLcw8aJ5uhx7UJKPR5VGXTu2iJr5bVRoTDsxzb6qfJrzR5HNhBcwGwsXqGeHzDR3eUWLr7MRnska8',
  '2GE2EWZwKFkMpDFKaN6LYVggqLJTdwkreHLNbXBKbtfnCBqkbtNhM4cEymyi5HZD2dX6rmh2VzE4waW7pbUUgXF7',
  '3rSg4wp38McUCkhe511k98mKhsSYxCw4mrvytNLULVvsPDFmaxC4XSyAPT54Tx3QqJmBbXoPsdbVAYqynzZR1K2i',
  '5uXAKT5i9KNt3LwCGAqUXYgtyhvGcUGm1CvPtPAyVy2geBftjuZ2mcV6oQQs7BMTNsNHS3hffaM1TJqsNEEQgAE6',
  '2FhULCkfNPpQsTeMebSdix4QhhcVgG4Fu7HYYB6pwkGEFar8FUacee4WmqtXFMyvx3GrKGYgXXBJX9Z6G5Dv1hBn',
  'hURca1bpFc3Grtne1KsotwTabDmtNdskVWE6wbVzJDNFkKkzDXFTFEU3CszYigWd42cq9TQ2a1mrtRPEb5TUsAd',
  '3yt2ZgpQRjz2pXrD3qez8xkuC9oA5gQ1KmJAVy79xYADgoS4F8XsavEWDqryukrdc7Z3Xk78sSFx5Svnd4hTJopm',
  '29efn8AUKWNmmyQjWEZebh8CzA9663awdcmPfSVwRsHq5tQeQkCgFXgdLX821XGmQYnub65qR48hhWqkL59Ac4iN',
  '4rYyAiSkKMKQ3PexSUkzdxTvuVHv33a49c8VVrWLB3xRSeAXFf8fiwvbNy5LEQ6wCpc6ZeBfnvroVv6fVsT9UcP5',
  '5uYLMzbkZ7DCxH9gsSxi4UoMbA4YDw3vxwSgnAbDA8jvTY1YY9jGKJsx8dQTtc9yJstkeLVCAcTUZtALZyA4svvj',
] as const satisfies readonly string[]

/** The addresses (base58 public keys) of `SOLANA_DEV_KEYS`, in the same order. */
export const SOLANA_DEV_ACCOUNTS: readonly SolanaAddress[] = [
  'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96',
  'AqynRZwvVqUPRwRJXvm6odUb3t93fDjnWe3p6BeuUFxD',
  'CqMbRgMuEhQi9BUS8xP44Wk5nENm48FqJnfjEi4eNb1k',
  '9Tj3srBSxH7RFRCm8uharreY7ZBS49XSfpwCeYa7Xaqp',
  '6gYw7q94fJdEwL8WkT1a6LHBdTMbix1aciALwEWPx3Wp',
  '7EeV8eiRuGoR8bFHCjdCRGQd1RM5sR2dAkdiTEtC9ko7',
  'F9fVg2LeE2RhM6CfNn888hbjqovZDEWY3vm2hEkvX3Nh',
  '26roUwgM5T6bccX41hakjiW4fDiKFSao1RyoFsAxr6e6',
  '5mCGtMUD21HEvWJxKGKS6HEAH7ezzy12MWGs4bPgcJwV',
  '2yaW8VAMLhQiornz1BgcSWDUSH2jC2dmB8RWnTJi8Yab',
] as readonly string[] as readonly SolanaAddress[]
