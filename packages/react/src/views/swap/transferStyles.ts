/** Styles of the swap, send and receive views: injected by their own chunks, scoped under [data-foyer]. */
export const transferCss = `
[data-foyer] .fo-amount-box{display:flex;flex-direction:column;gap:6px;padding:12px;border-radius:calc(var(--foyer-radius) - 4px);background:var(--foyer-surface)}
[data-foyer] .fo-amount-line{display:flex;align-items:center;gap:8px}
[data-foyer] .fo-amount-input{flex:1;min-width:0;width:100%;padding:4px 0;border:0;background:none;color:var(--foyer-foreground);font:600 24px/1.2 var(--foyer-font-family);font-variant-numeric:tabular-nums}
[data-foyer] .fo-amount-input:focus{outline:none}
[data-foyer] .fo-amount-box:focus-within{box-shadow:inset 0 0 0 1.5px var(--foyer-accent)}
[data-foyer] .fo-amount-meta{display:flex;align-items:center;justify-content:space-between;gap:8px;min-height:20px;color:var(--foyer-muted);font-size:13px;font-variant-numeric:tabular-nums}
[data-foyer] .fo-token-button{flex:none;display:inline-flex;align-items:center;gap:6px;min-height:36px;padding:4px 10px 4px 4px;border-radius:999px;background:var(--foyer-background);border:1px solid var(--foyer-border);font-weight:600}
[data-foyer] .fo-token-button:hover{background:var(--foyer-surface-hover)}
[data-foyer] .fo-token-mark.fo-token-mark-small{width:28px;height:28px;background:var(--foyer-accent);color:var(--foyer-accent-contrast);font-size:12px}
[data-foyer] .fo-small-button{padding:2px 8px;border-radius:999px;border:1px solid var(--foyer-border);color:var(--foyer-accent);font-size:12px;font-weight:700}
[data-foyer] .fo-flip{align-self:center;display:inline-flex;align-items:center;justify-content:center;width:36px;height:36px;margin:-18px 0;z-index:1;border-radius:50%;background:var(--foyer-background);border:1px solid var(--foyer-border)}
[data-foyer] .fo-details{display:grid;grid-template-columns:1fr auto;gap:6px 12px;padding:10px 12px;border-radius:12px;border:1px solid var(--foyer-border);font-size:13px}
[data-foyer] .fo-details dt{color:var(--foyer-muted)}
[data-foyer] .fo-details dd{margin:0;text-align:right;font-variant-numeric:tabular-nums}
[data-foyer] .fo-text-input{width:100%;min-height:44px;padding:8px 12px;border-radius:12px;border:1px solid var(--foyer-border);background:var(--foyer-surface);color:var(--foyer-foreground);font:inherit}
[data-foyer] .fo-text-input:focus{outline:2px solid var(--foyer-focus);outline-offset:1px}
[data-foyer] .fo-field{display:flex;flex-direction:column;gap:6px;font-size:13px;color:var(--foyer-muted);font-weight:600}
[data-foyer] .fo-primary[disabled]{opacity:.55;cursor:not-allowed;filter:none}
[data-foyer] .fo-secondary{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:0 20px;border-radius:999px;border:1px solid var(--foyer-border);font-weight:600}
[data-foyer] .fo-button-pair{display:grid;grid-template-columns:1fr 1fr;gap:8px}
[data-foyer] .fo-section-title{margin-top:4px;color:var(--foyer-muted);font-size:13px;font-weight:600}
[data-foyer] .fo-preview-amount{font-size:20px;font-weight:600;font-variant-numeric:tabular-nums}
[data-foyer] .fo-receive-qr{display:block;padding:12px;border-radius:16px;background:#fff;color:#000}
[data-foyer] .fo-address-text{max-width:100%;font:13px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace;word-break:break-all;text-align:center}
[data-foyer] .fo-row-end{display:inline-flex;align-items:center;gap:6px;color:var(--foyer-muted)}
[data-foyer] .fo-amount{flex:none;font-weight:600;font-variant-numeric:tabular-nums}
`
