import { AlertIcon, CheckIcon } from '../components/icons.tsx'
import { Spinner } from '../components/Spinner.tsx'
import { useFoyerLocale } from '../hooks/useFoyerLocale.ts'
import { useFoyerStore } from '../hooks/useFoyerStore.ts'

/**
 * A polite live region that exists as long as the modal is open, so every message is announced; each message
 * (keyed by its id) is a new node, so the same text twice is announced twice.
 */
export function Snackbar() {
  const { t } = useFoyerLocale()
  const snackbar = useFoyerStore((s) => s.snackbar)
  const { message } = snackbar
  const text = snackbar.open && message ? ('key' in message ? t(message.key, message.parameters) : message.text) : ''
  return (
    <div className="fo-snackbar" role="status" aria-live="polite" aria-atomic="true" data-testid="snackbar">
      {text && (
        <div key={snackbar.id} className="fo-snackbar-card" data-variant={snackbar.variant}>
          {snackbar.variant === 'loading' ? (
            <Spinner size={16} />
          ) : snackbar.variant === 'success' ? (
            <CheckIcon size={18} />
          ) : (
            <AlertIcon size={18} />
          )}
          <span>{text}</span>
        </div>
      )}
    </div>
  )
}
