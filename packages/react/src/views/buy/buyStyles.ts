/** Styles of the Buy views (injected by them). */
export const buyCss = `
[data-foyer] .fo-buy-list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:4px}
[data-foyer] .fo-buy-list .fo-row{width:100%}
[data-foyer] .fo-buy-list .fo-row[aria-pressed="true"]{box-shadow:inset 0 0 0 1.5px var(--foyer-accent)}
[data-foyer] .fo-buy-choices{display:flex;flex-wrap:wrap;gap:8px}
[data-foyer] .fo-buy-choices .fo-secondary[aria-pressed="true"]{border-color:var(--foyer-accent);color:var(--foyer-accent)}
[data-foyer] .fo-buy-fallback{margin:0;padding:8px 12px;border-radius:12px;border:1px dashed var(--foyer-border);font-size:13px}
[data-foyer] .fo-buy-status{font-size:16px;font-weight:600;text-align:center;margin:0}
`
