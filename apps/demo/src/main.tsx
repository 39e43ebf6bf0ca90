import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App.tsx'
import { createDemoFoyer, solanaDemo } from './foyer.ts'

// `?solana=1` loads the Solana chunk first; every other page renders at once.
void (solanaDemo ? import('./solana.ts') : Promise.resolve(undefined)).then((solana) => {
  const foyer = createDemoFoyer(solana)
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App foyer={foyer} solana={solana} />
    </StrictMode>,
  )
})
