import { evmAdapter } from '@foyer/evm'
import { ConnectButton, createFoyer, FoyerProvider } from '@foyer/react'
export const used = [evmAdapter, createFoyer, ConnectButton, FoyerProvider]
