import type { BaseMessageKey } from '@foyer/core/internal'
import { BackIcon, CloseIcon } from '../components/icons.tsx'
import { useFoyerClient } from '../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../hooks/useFoyerLocale.ts'
import { useFoyerStore } from '../hooks/useFoyerStore.ts'

/** Back (when there is somewhere to go back to), the view's title (labels the dialog), close. */
export function ModalHeader({ titleId }: { titleId: string }) {
  const client = useFoyerClient()
  const { t } = useFoyerLocale()
  const view = useFoyerStore((s) => s.router.view)
  const canGoBack = useFoyerStore((s) => s.router.history.length > 1)
  // Titles such as "{name}" name the wallet the view is about.
  const walletName = useFoyerStore((s) => s.connectors.find((c) => c.id === s.router.data.connectorId)?.name ?? '')
  return (
    <div className="fo-header">
      {canGoBack ? (
        <button
          type="button"
          className="fo-icon-button"
          data-testid="modal-back"
          aria-label={t('modal.back')}
          onClick={client.navigate.goBack}
        >
          <BackIcon />
        </button>
      ) : (
        <span />
      )}
      <h2 id={titleId} className="fo-title">
        {t(`view.${view}` as BaseMessageKey, { name: walletName })}
      </h2>
      <button
        type="button"
        className="fo-icon-button"
        data-testid="modal-close"
        aria-label={t('modal.close')}
        onClick={() => client.close()}
      >
        <CloseIcon />
      </button>
    </div>
  )
}
