import type { WalletToken } from '@foyer/core/internal'
import { enTransfer } from '@foyer/core/internal'
import { useId, useState } from 'react'
import { TokenMark } from '../../components/TokenMark.tsx'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { formatBalance } from './transferFormat.ts'

type Section = { title: string; tokens: WalletToken[] }

/** A searchable token picker: a search box, then sections of token rows. Rows are `<testIdPrefix>-<SYMBOL>`. */
export function TokenList({
  sections,
  onSelect,
  searchLabel,
  emptyLabel,
  testIdPrefix,
  current,
}: {
  sections: Section[]
  onSelect(token: WalletToken): void
  searchLabel: string
  emptyLabel: string
  testIdPrefix: string
  current?: string
}) {
  const { t } = useFoyerLocale(enTransfer)
  const [search, setSearch] = useState('')
  const ids = useId()
  const query = search.trim().toLowerCase()
  const matches = (token: WalletToken) =>
    !query ||
    token.symbol.toLowerCase().includes(query) ||
    token.name.toLowerCase().includes(query) ||
    token.address.toLowerCase() === query
  const shown = sections.map((s) => ({ ...s, tokens: s.tokens.filter(matches) })).filter((s) => s.tokens.length)
  return (
    <div className="fo-stack">
      <input
        className="fo-text-input"
        type="search"
        aria-label={searchLabel}
        placeholder={searchLabel}
        data-testid={`${testIdPrefix}-search`}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        // biome-ignore lint/a11y/noAutofocus: the picker replaces the view's content, so focus moves to its search field (the dialog pattern) instead of being lost with the removed button
        autoFocus
      />
      {shown.length === 0 && (
        <p className="fo-muted" role="status">
          {emptyLabel}
        </p>
      )}
      {shown.map((section, index) => (
        <section key={section.title} className="fo-list" aria-labelledby={`${ids}-${index}`}>
          <h3 id={`${ids}-${index}`} className="fo-section-title">
            {section.title}
          </h3>
          <ul className="fo-list">
            {section.tokens.map((token) => (
              <li key={token.id}>
                <button
                  type="button"
                  className="fo-row"
                  data-testid={`${testIdPrefix}-${token.symbol}`}
                  aria-current={token.id === current || undefined}
                  onClick={() => onSelect(token)}
                >
                  <TokenMark symbol={token.symbol} iconUrl={token.iconUrl} small />
                  <span className="fo-row-label">
                    {token.symbol}
                    <br />
                    <span className="fo-row-detail">{token.name}</span>
                  </span>
                  {token.balance > 0n && (
                    <span className="fo-row-end">{t('swap.balance', { amount: formatBalance(token) })}</span>
                  )}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}
