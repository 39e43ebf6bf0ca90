import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createConsoleApi } from './api/consoleApi.ts'
import { ConsoleApp } from './app/ConsoleApp.tsx'
import { LocaleProvider } from './locale/locale.tsx'
import './styles.css'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LocaleProvider>
      <ConsoleApp api={createConsoleApi()} />
    </LocaleProvider>
  </StrictMode>,
)
