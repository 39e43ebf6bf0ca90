import { enEmail, readSmartAccountNetworks, switchAccountType } from '@foyer/core/internal'
import { useEffect, useState } from 'react'
import { AlertIcon } from '../../components/icons.tsx'
import { Spinner } from '../../components/Spinner.tsx'
import { translateError } from '../../components/translateError.ts'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { useFoyerStore } from '../../hooks/useFoyerStore.ts'

type AccountType = 'eoa' | 'smartAccount'
const TYPES: readonly AccountType[] = ['eoa', 'smartAccount']

/**
 * The embedded wallet's account settings: the key's own account or the smart account at the same address. The
 * smart account is offered only when a network of the wallet has one (the frame says which); choosing asks the
 * frame, then goes on as core says (ConnectingSiwe where the site uses sign-in, so the account signs in again; else
 * Account). A failure is shown inline and the choice stays.
 */
export function AccountSettingsView() {
  const client = useFoyerClient()
  const { t } = useFoyerLocale(enEmail)
  const current = useFoyerStore((s) => s.account.preferredAccountType ?? 'eoa')
  const deployed = useFoyerStore((s) => s.account.smartAccountDeployed)
  const [networks, setNetworks] = useState<number[]>()
  const [pending, setPending] = useState<AccountType>()
  const [error, setError] = useState<unknown>()

  useEffect(() => {
    let gone = false
    readSmartAccountNetworks(client).then(
      (ids) => {
        if (!gone) setNetworks(ids)
      },
      (failure: unknown) => {
        if (gone) return
        setNetworks([])
        setError(failure)
      },
    )
    return () => {
      gone = true
    }
  }, [client])

  async function choose(type: AccountType) {
    if (pending || type === current) return
    setPending(type)
    setError(undefined)
    try {
      client.navigate.reset(await switchAccountType(client, type))
    } catch (failure) {
      setError(failure ?? new Error())
    } finally {
      setPending(undefined)
    }
  }

  if (!networks) return <Spinner />
  return (
    <div className="fo-stack">
      {networks.length === 0 ? (
        <p className="fo-notice fo-muted" data-testid="account-type-unavailable">
          {t('accountType.unavailable')}
        </p>
      ) : (
        <ul className="fo-list" aria-label={t('accountType.label')}>
          {TYPES.map((type) => (
            <li key={type}>
              <button
                type="button"
                className="fo-row"
                data-testid={`account-type-${type}`}
                aria-current={type === current || undefined}
                aria-disabled={pending ? true : undefined}
                onClick={() => choose(type)}
              >
                <span className="fo-row-label">
                  {t(`accountType.${type}`)}
                  <br />
                  <span className="fo-row-detail">{t(`accountType.${type}Hint`)}</span>
                </span>
                {pending === type ? (
                  <Spinner />
                ) : (
                  type === current && (
                    <span className="fo-tag" data-tone="success" data-testid="account-type-current">
                      {type === 'smartAccount' && !deployed ? t('accountType.notDeployed') : t('accountType.inUse')}
                    </span>
                  )
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      {error !== undefined && (
        <div className="fo-notice" data-tone="error" role="alert" data-testid="account-type-error">
          <AlertIcon size={18} />
          <span>{translateError(error, t)}</span>
        </div>
      )}
    </div>
  )
}
