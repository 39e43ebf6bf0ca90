/**
 * The project's gas sponsorship policy: the chains it sponsors (those this server serves, each marked when it has no
 * paymaster, and any other chain the saved policy names), the contracts a sponsored operation may call, and the two
 * limits per account, chain and day. Edited locally, checked with the server's bounds, then sent whole in one PATCH:
 * the server takes the policy or refuses it, and a refusal leaves both the stored policy and the form as they were.
 */
import { type FormEvent, useEffect, useId, useState } from 'react'
import type { ConsoleChains, ConsoleProject } from '../../../server/src/console/contract.ts'
import { useConsole } from '../app/consoleContext.tsx'
import { FormStatus } from '../app/FormStatus.tsx'
import { ListEditor } from '../app/ListEditor.tsx'
import { Switch } from '../app/Switch.tsx'
import { useAction } from '../app/useAction.ts'
import { type ConsoleTranslate, useLocale } from '../locale/locale.tsx'
import {
  draftChanged,
  draftOf,
  MAX_CONTRACTS,
  normalizeContract,
  parseGasWei,
  policyOf,
  type SponsorshipDraft,
  type SponsorshipField,
  weiToCoins,
} from './sponsorship.ts'

const INVALID: Record<SponsorshipField, (t: ConsoleTranslate) => string> = {
  contracts: (t) => t('sponsorship.tooManyContracts', { max: MAX_CONTRACTS }),
  maxOperationsPerAccountPerDay: (t) => t('sponsorship.operationsInvalid'),
  maxGasWeiPerAccountPerDay: (t) => t('sponsorship.gasInvalid'),
}

/** The server's chains, read once: null until they are in (or when the request failed: `error` says why). */
function useServerChains() {
  const { api } = useConsole()
  const [chains, setChains] = useState<ConsoleChains | null>(null)
  const load = useAction(api.listChains)
  const { run } = load
  useEffect(() => {
    let live = true
    void run().then((answer) => {
      if (live && answer) setChains(answer)
    })
    return () => {
      live = false
    }
  }, [run])
  return { chains, error: load.error }
}

export function SponsorshipForm({
  project,
  onSaved,
}: {
  project: ConsoleProject
  onSaved(project: ConsoleProject): void
}) {
  const { t, locale } = useLocale()
  const { api } = useConsole()
  const id = useId()
  const server = useServerChains()
  const [draft, setDraft] = useState<SponsorshipDraft>(() => draftOf(project.sponsorship))
  const [invalid, setInvalid] = useState<SponsorshipField | null>(null)
  const [removed, setRemoved] = useState(false)
  const save = useAction(api.updateProject)
  const saved = project.sponsorship
  const unsaved = draftChanged(draft, saved)

  const edit = (change: Partial<SponsorshipDraft>) => {
    save.reset()
    setRemoved(false)
    setInvalid(null)
    setDraft((current) => ({ ...current, ...change }))
  }
  const toggleChain = (chainId: number, on: boolean) =>
    edit({ chains: on ? [...draft.chains, chainId] : draft.chains.filter((c) => c !== chainId) })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setRemoved(false)
    const result = policyOf(draft)
    if (result.invalid) {
      save.reset()
      setInvalid(result.invalid)
      document.getElementById(`${id}-${result.invalid}`)?.focus()
      return
    }
    setInvalid(null)
    const updated = await save.run(project.id, { sponsorship: result.policy })
    if (updated) {
      setDraft(draftOf(updated.sponsorship))
      onSaved(updated)
    }
  }
  const removePolicy = async () => {
    setInvalid(null)
    const updated = await save.run(project.id, { sponsorship: null })
    if (updated) {
      setDraft(draftOf(null))
      setRemoved(true)
      onSaved(updated)
    }
  }

  // The server's chains in its order, then any other chain the saved policy or the draft names.
  const served = server.chains?.chains ?? []
  const servedIds = new Set(served.map((chain) => chain.id))
  const others = [...new Set([...(saved?.chains ?? []), ...draft.chains])].filter((c) => !servedIds.has(c))
  const chainName = (chainId: number) => {
    const chain = served.find((c) => c.id === chainId)
    return chain
      ? t('sponsorship.chain', { name: chain.name, id: chain.id })
      : t('sponsorship.chainUnknown', { id: chainId })
  }
  const current = !saved
    ? t('sponsorship.current.none')
    : saved.chains.length === 0
      ? t('sponsorship.current.noChains')
      : t('sponsorship.current.chains', {
          chains: new Intl.ListFormat(locale, { type: 'conjunction' }).format(saved.chains.map(chainName)),
        })
  const gasWei = parseGasWei(draft.maxGasWeiPerAccountPerDay)
  const statusId = `${id}-status`
  const describe = (field: SponsorshipField, hint: string) => (invalid === field ? `${hint} ${statusId}` : hint)

  return (
    <section className="card form" aria-labelledby={`${id}-title`} data-testid="sponsorship">
      <h2 id={`${id}-title`}>{t('sponsorship.title')}</h2>
      <p className="muted">{t('sponsorship.about')}</p>
      {server.chains && !server.chains.paymasterSigner ? (
        <p className="form-error">{t('sponsorship.noSigner')}</p>
      ) : null}
      <p data-testid="sponsorship-current">{current}</p>

      <fieldset disabled={save.pending}>
        <legend>{t('sponsorship.chains')}</legend>
        {server.error ? (
          <p role="alert" className="form-error">
            {server.error}
          </p>
        ) : null}
        {!server.chains && !server.error ? <p>{t('sponsorship.chainsLoading')}</p> : null}
        {server.chains || server.error
          ? [...served.map((chain) => chain.id), ...others].map((chainId) => {
              const chain = served.find((c) => c.id === chainId)
              const note = !server.chains
                ? null
                : !chain
                  ? t('sponsorship.notServed')
                  : chain.paymaster === null
                    ? t('sponsorship.noPaymaster')
                    : null
              return (
                <div key={chainId}>
                  <Switch
                    name={`chain-${chainId}`}
                    checked={draft.chains.includes(chainId)}
                    onChange={(on) => toggleChain(chainId, on)}
                    describedBy={note ? `${id}-chain-${chainId}` : undefined}
                  >
                    {chainName(chainId)}
                  </Switch>
                  {note ? (
                    <small id={`${id}-chain-${chainId}`} className="muted">
                      {note}
                    </small>
                  ) : null}
                </div>
              )
            })
          : null}
      </fieldset>

      <fieldset disabled={save.pending} aria-describedby={`${id}-contracts-about`}>
        <legend>{t('sponsorship.contracts')}</legend>
        <p id={`${id}-contracts-about`} className="muted">
          {t('sponsorship.contractsAbout')}
        </p>
        <ListEditor
          items={draft.contracts}
          onChange={(contracts) => edit({ contracts })}
          normalize={normalizeContract}
          input={{ name: 'contract', placeholder: '0x…' }}
          messages={{
            listLabel: t('sponsorship.contracts'),
            none: t('sponsorship.contractsNone'),
            addLabel: t('sponsorship.contractAddLabel'),
            addHint: t('sponsorship.contractAddHint'),
            add: t('sponsorship.contractAdd'),
            remove: (address) => t('sponsorship.contractRemove', { address }),
            invalid: (address) => t('sponsorship.contractInvalid', { address }),
            duplicate: (address) => t('sponsorship.contractDuplicate', { address }),
          }}
        />
      </fieldset>

      <form className="form" onSubmit={submit} noValidate>
        <fieldset disabled={save.pending}>
          <legend>{t('sponsorship.limits')}</legend>
          <label className="field">
            <span>{t('sponsorship.operations')}</span>
            <input
              id={`${id}-maxOperationsPerAccountPerDay`}
              name="maxOperationsPerAccountPerDay"
              inputMode="numeric"
              autoComplete="off"
              spellCheck={false}
              placeholder="20"
              aria-describedby={describe('maxOperationsPerAccountPerDay', `${id}-operations-hint`)}
              aria-invalid={invalid === 'maxOperationsPerAccountPerDay' ? true : undefined}
              value={draft.maxOperationsPerAccountPerDay}
              onChange={(e) => edit({ maxOperationsPerAccountPerDay: e.target.value })}
            />
            <small id={`${id}-operations-hint`}>{t('sponsorship.operationsHint')}</small>
          </label>
          <label className="field">
            <span>{t('sponsorship.gas')}</span>
            <input
              id={`${id}-maxGasWeiPerAccountPerDay`}
              name="maxGasWeiPerAccountPerDay"
              inputMode="numeric"
              autoComplete="off"
              spellCheck={false}
              placeholder="50000000000000000"
              aria-describedby={describe('maxGasWeiPerAccountPerDay', `${id}-gas-hint`)}
              aria-invalid={invalid === 'maxGasWeiPerAccountPerDay' ? true : undefined}
              value={draft.maxGasWeiPerAccountPerDay}
              onChange={(e) => edit({ maxGasWeiPerAccountPerDay: e.target.value })}
            />
            <small id={`${id}-gas-hint`}>
              {t('sponsorship.gasHint')}
              {gasWei === null ? null : <> {t('sponsorship.gasCoins', { coins: weiToCoins(gasWei) })}</>}
            </small>
          </label>
        </fieldset>
        <FormStatus
          id={statusId}
          error={invalid ? INVALID[invalid](t) : save.error}
          success={removed ? t('sponsorship.removed') : save.done && !unsaved ? t('project.saved') : null}
        />
        {unsaved ? <p className="muted">{t('project.unsaved')}</p> : null}
        <div className="actions">
          <button type="submit" className="button primary" disabled={save.pending || !unsaved}>
            {save.pending ? t('project.saving') : t('sponsorship.save')}
          </button>
          {saved ? (
            <button type="button" className="button danger" onClick={removePolicy} disabled={save.pending}>
              {t('sponsorship.remove')}
            </button>
          ) : null}
        </div>
      </form>
    </section>
  )
}
