'use client'

import { ConnectButton } from '@foyer/react'

export function Header() {
  return (
    <header>
      <strong>Example</strong> <ConnectButton />
    </header>
  )
}
