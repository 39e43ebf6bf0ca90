import { enAccount } from '@foyer/core/internal'
import { useMemo } from 'react'
import { encode } from 'uqr'
import { CopyIcon } from '../../components/accountIcons.tsx'
import { useFoyerAccount } from '../../hooks/useFoyerAccount.ts'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { useStyle } from '../../hooks/useStyle.ts'
import { transferCss } from '../swap/transferStyles.ts'

/** Receive: the address as a QR code (the encoder loads with this chunk only), the address in full, and copy. */
export function ReceiveView() {
  const client = useFoyerClient()
  const { t } = useFoyerLocale(enAccount)
  const { address } = useFoyerAccount()
  useStyle('foyer-transfer-style', transferCss)
  const network = client.getSelectedNetwork()
  const qr = useMemo(() => {
    if (!address) return undefined
    const code = encode(address, { ecc: 'M', border: 0 })
    let path = ''
    for (const [y, row] of code.data.entries()) {
      for (const [x, dark] of row.entries()) if (dark) path += `M${x} ${y}h1v1h-1z`
    }
    return { path, size: code.size }
  }, [address])
  if (!address || !qr) return null

  async function copy() {
    try {
      await navigator.clipboard.writeText(address!)
      client.showSnackbar('success', { key: 'receive.copied' })
    } catch {
      client.showSnackbar('error', { key: 'account.copyFailed' })
    }
  }

  return (
    <div className="fo-center" data-testid="receive-view">
      <span className="fo-receive-qr">
        <svg
          role="img"
          aria-label={t('receive.qrLabel', { address })}
          data-testid="receive-qr-code"
          width={220}
          height={220}
          viewBox={`0 0 ${qr.size} ${qr.size}`}
          shapeRendering="crispEdges"
        >
          <path d={qr.path} fill="currentColor" />
        </svg>
      </span>
      <p className="fo-address-text" data-testid="receive-address">
        {address}
      </p>
      <button type="button" className="fo-primary" data-testid="receive-copy" onClick={copy}>
        <CopyIcon size={18} /> {t('receive.copy')}
      </button>
      <p className="fo-muted" style={{ fontSize: 13 }}>
        {t('receive.note', { network: network.name })}
      </p>
    </div>
  )
}
