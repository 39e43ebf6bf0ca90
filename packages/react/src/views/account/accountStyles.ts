/** The account views' styles: the account header and actions, network and token marks, activity months. Injected by the components that use them. */
export const accountCss = `
[data-foyer] .fo-network-mark{flex:none;display:inline-flex;align-items:center;justify-content:center;width:32px;height:32px;border-radius:50%;background:var(--foyer-background);color:var(--foyer-muted);font-size:13px;font-weight:700;overflow:hidden}
[data-foyer] .fo-network-mark img{width:100%;height:100%;object-fit:cover}
[data-foyer] .fo-actions{display:flex;gap:8px}
[data-foyer] .fo-action{flex:1;min-height:40px;padding:0 12px;border-radius:999px;background:var(--foyer-surface);font-weight:600}
[data-foyer] .fo-action:hover{background:var(--foyer-surface-hover)}
[data-foyer] .fo-account-name{display:flex;align-items:center;gap:4px;font-size:18px;font-weight:600}
[data-foyer] .fo-balance{min-height:22px;line-height:22px;color:var(--foyer-muted);font-size:16px;font-weight:500;font-variant-numeric:tabular-nums}
[data-foyer] .fo-section-head{display:flex;align-items:baseline;justify-content:space-between;gap:8px;padding:0 4px 8px}
[data-foyer] .fo-section-head h3,[data-foyer] .fo-activity-month{font-size:14px;font-weight:600;color:var(--foyer-muted)}
[data-foyer] .fo-activity-month{padding:4px 4px 8px}
[data-foyer] .fo-token-mark{flex:none;display:inline-flex;align-items:center;justify-content:center;width:32px;height:32px;border-radius:50%;background:var(--foyer-background);color:var(--foyer-muted);font-size:11px;font-weight:700;overflow:hidden}
[data-foyer] .fo-token-mark img{width:100%;height:100%;object-fit:cover}
[data-foyer] .fo-token-mark[data-mark]::before{content:attr(data-mark)}
[data-foyer] .fo-amount{flex:none;font-weight:600;font-variant-numeric:tabular-nums}
[data-foyer] .fo-tag[data-tone=success]{display:inline-flex;align-items:center;gap:6px;color:var(--foyer-foreground);border-color:var(--foyer-success)}
[data-foyer] .fo-tag[data-tone=success]::before{content:"";width:6px;height:6px;border-radius:50%;background:var(--foyer-success)}
[data-foyer] .fo-social-avatar{flex:none;border-radius:50%;margin-right:8px}
`
