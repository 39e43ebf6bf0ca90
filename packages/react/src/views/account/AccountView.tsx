import type { ViewName } from '@foyer/core'
import {
  enAccount,
  floorDecimalString,
  getBuyAvailability,
  isBuyVisible,
  shortenAddress,
  watchAccountIdentity,
} from '@foyer/core/internal'
import { Suspense, useEffect } from 'react'
import { Avatar } from '../../components/Avatar.tsx'
import { ChevronIcon, CopyIcon, ExternalIcon } from '../../components/accountIcons.tsx'
import { DisconnectButton } from '../../components/DisconnectButton.tsx'
import { NetworkMark } from '../../components/NetworkMark.tsx'
import { useFoyerAccount } from '../../hooks/useFoyerAccount.ts'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { useFoyerStore } from '../../hooks/useFoyerStore.ts'
import { useFeatureEnabled } from '../../hooks/useProjectFeatures.ts'
import { useStyle } from '../../hooks/useStyle.ts'
import { chunk, useChunkComponent } from '../../modal/chunks.ts'
import { usePreloadViews } from '../../modal/preloadViews.ts'
import { useBuyAvailability } from '../buy/useBuyAvailability.ts'
import { EmbeddedAccountRow } from '../email/EmbeddedAccountRow.tsx'
import { TransferActions } from '../swap/TransferActions.tsx'
import { accountCss } from './accountStyles.ts'

/** The token list with USD values (only with a Foyer server): its own chunk. */
const loadAccountTokens = chunk(() => import('../tokens/AccountTokens.tsx').then((m) => m.AccountTokens))

/** The connected account: who, how much, on which network; copy, explorer, disconnect. */
export function AccountView() {
  useStyle('foyer-account-style', accountCss)
  const client = useFoyerClient()
  const { t } = useFoyerLocale(enAccount)
  const account = useFoyerAccount()
  const selectedNetworkId = useFoyerStore((s) => s.network.selectedNetworkId)
  const network = client.getNetwork(selectedNetworkId)
  const unsupported = useFoyerStore((s) => s.network.unsupported)
  // Each server feature's row waits for the project's settings (hidden until they say it is on).
  const showActivity = useFeatureEnabled('history')
  // Account names resolve to EVM addresses: the row shows on EVM networks.
  const showNames = useFeatureEnabled('names') && network?.chainNamespace === 'eip155'
  // Buy: the `onramp` feature (the site's, with apiUrl, and the project's), a time zone the operator does not
  // restrict.
  const buyFeature = useFeatureEnabled('onramp')
  const swaps = useFeatureEnabled('swaps')
  // The row waits for the providers' answer, so it never shows to a visitor it would then be hidden from.
  const buyAvailability = useBuyAvailability()
  const showBuy =
    buyFeature &&
    network?.chainNamespace === 'eip155' &&
    (buyAvailability.status === 'ready' || buyAvailability.status === 'error') &&
    isBuyVisible(client, buyAvailability)
  useEffect(() => {
    if (buyFeature) void getBuyAvailability(client).load()
  }, [client, buyFeature])
  const { preloadViewsWhenIdle } = usePreloadViews()
  useEffect(
    () =>
      preloadViewsWhenIdle([
        'Networks',
        ...(showActivity ? (['Activity'] as const) : []),
        ...(showNames ? (['RegisterAccountName'] as const) : []),
        ...(showBuy ? (['BuyProviders'] as const) : []),
      ]),
    [preloadViewsWhenIdle, showActivity, showNames, showBuy],
  )
  const { address } = account
  // The account's name and avatar from the server (shown instead of the short address once there is one).
  useEffect(() => (showNames && address ? watchAccountIdentity(client) : undefined), [client, showNames, address])

  if (!address) return null
  // Swap and Buy run on EVM networks only: on another family they are hidden, and a line says why.
  const evmOnly = network?.chainNamespace !== 'eip155' && (swaps || buyFeature)

  async function copyAddress() {
    try {
      await navigator.clipboard.writeText(address!)
      client.showSnackbar('success', { key: 'account.copied' })
    } catch {
      client.showSnackbar('error', { key: 'account.copyFailed' })
    }
  }

  return (
    <div className="fo-stack">
      <div className="fo-center">
        <Avatar address={address} image={account.profileImage} size={72} />
        <div className="fo-account-name">
          <span title={address} data-testid="account-name">
            {account.profileName || shortenAddress(address)}
          </span>
          <button
            type="button"
            className="fo-icon-button"
            data-testid="copy-address"
            aria-label={t('account.copyAddress')}
            onClick={copyAddress}
          >
            <CopyIcon size={18} />
          </button>
        </div>
        <p className="fo-balance" data-testid="account-balance" aria-busy={account.balanceLoading || undefined}>
          {account.balanceLoading ? (
            <span
              className="fo-skeleton"
              style={{ width: 96, height: 20 }}
              role="img"
              aria-label={t('modal.loading')}
            />
          ) : account.balance !== undefined ? (
            `${floorDecimalString(account.balance)} ${account.balanceSymbol ?? ''}`.trim()
          ) : null}
        </p>
      </div>
      <TransferActions />
      {evmOnly && (
        <p className="fo-muted fo-center" data-testid="account-evm-only">
          {t('account.evmOnly')}
        </p>
      )}
      {client.api && (
        <Suspense fallback={null}>
          <AccountTokensSection />
        </Suspense>
      )}
      <div className="fo-list">
        <button
          type="button"
          className="fo-row"
          data-testid="account-network"
          onClick={() => client.navigate.push('Networks')}
        >
          <NetworkMark network={unsupported ? undefined : network} />
          <span className="fo-row-label">
            <span className="fo-row-detail">{t('account.network')} </span>
            <br />
            <span className={unsupported ? 'fo-error' : undefined}>
              {unsupported ? t('button.unsupportedNetwork') : network?.name}
            </span>
          </span>
          <ChevronIcon size={18} />
        </button>
        {showActivity && <ViewRow testId="account-activity" mark="⇅" label={t('account.activity')} view="Activity" />}
        {showNames && (
          <ViewRow testId="choose-name" mark="@" label={t('account.chooseName')} view="RegisterAccountName" />
        )}
        {showBuy && <ViewRow testId="account-buy" mark="+" label={t('account.buy')} view="BuyProviders" />}
        {account.addressExplorerUrl && (
          <a
            className="fo-row"
            data-testid="account-explorer"
            href={account.addressExplorerUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            <span className="fo-network-mark">
              <ExternalIcon size={18} />
            </span>
            <span className="fo-row-label">{t('account.explorer')}</span>
          </a>
        )}
        <EmbeddedAccountRow />
        <DisconnectButton />
      </div>
    </div>
  )
}

/** A row of Account's list that opens another view. */
function ViewRow({ testId, mark, label, view }: { testId: string; mark: string; label: string; view: ViewName }) {
  const client = useFoyerClient()
  return (
    <button type="button" className="fo-row" data-testid={testId} onClick={() => client.navigate.push(view)}>
      <span className="fo-network-mark" aria-hidden="true">
        {mark}
      </span>
      <span className="fo-row-label">{label}</span>
      <ChevronIcon size={18} />
    </button>
  )
}

/** The token list and total (a lazy chunk of its own), only with a Foyer server. */
function AccountTokensSection() {
  const Tokens = useChunkComponent(loadAccountTokens)
  return <Tokens />
}
