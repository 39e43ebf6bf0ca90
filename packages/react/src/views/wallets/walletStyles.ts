/** Styles of the catalogue views (All Wallets grid, Get a Wallet, QR view); injected by those chunks only. */
export const walletCss = `
[data-foyer] .fo-wallet-search{width:100%;min-height:44px;padding:0 14px;border-radius:999px;border:1px solid var(--foyer-border);background:var(--foyer-surface);color:inherit;font:inherit}
[data-foyer] .fo-wallet-grid{position:relative;height:min(380px,60dvh);overflow:auto;overscroll-behavior:contain;margin:0 -4px}
[data-foyer] .fo-wallet-grid-row{position:absolute;left:0;right:0;display:grid;gap:8px;padding:0 4px}
[data-foyer] .fo-wallet-cell{min-width:0}
[data-foyer] .fo-wallet-tile{display:flex;flex-direction:column;align-items:center;gap:6px;width:100%;height:96px;padding:10px 4px;border-radius:14px;background:var(--foyer-surface);font-size:12px;font-weight:600;text-align:center;min-width:0;overflow:hidden}
[data-foyer] .fo-wallet-tile:hover{background:var(--foyer-surface-hover)}
[data-foyer] .fo-wallet-tile span:last-child{max-width:100%;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
[data-foyer] .fo-qr{position:relative;display:inline-flex;padding:12px;border-radius:18px;background:#fff;color:#111}
[data-foyer] .fo-qr svg{display:block}
[data-foyer] .fo-qr-mark{position:absolute;top:50%;left:50%;transform:translate(-50%,-50%);padding:4px;border-radius:14px;background:#fff;display:inline-flex}
[data-foyer] .fo-platforms{display:flex;flex-wrap:wrap;gap:8px;justify-content:center}
[data-foyer] .fo-platforms a,[data-foyer] .fo-platforms button{padding:6px 12px;border-radius:999px;border:1px solid var(--foyer-border);font-size:13px;font-weight:600}
[data-foyer] .fo-platforms [aria-current=true]{border-color:var(--foyer-accent);color:var(--foyer-accent)}
[data-foyer] .fo-secondary{display:inline-flex;align-items:center;gap:6px;min-height:40px;padding:0 16px;border-radius:999px;background:var(--foyer-surface);font-weight:600}
[data-foyer] .fo-get-wallet-entry{flex:1;min-width:0;display:flex;flex-direction:column;gap:6px}
[data-foyer] .fo-get-wallet-links{display:flex;flex-wrap:wrap;gap:6px}
[data-foyer] .fo-get-wallet-links a:hover{color:var(--foyer-foreground);border-color:var(--foyer-accent)}
[data-foyer] .fo-get-wallet-more{align-self:center}
[data-foyer] .fo-section-label{font-size:12px;font-weight:600;color:var(--foyer-muted);text-transform:uppercase;letter-spacing:.04em}
`
