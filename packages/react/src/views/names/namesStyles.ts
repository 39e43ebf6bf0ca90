/** Styles of the name registration views (injected by them). */
export const namesCss = `
[data-foyer] .fo-name-line{display:flex;align-items:center;gap:8px}
[data-foyer] .fo-name-line .fo-text-input{flex:1;min-width:0}
[data-foyer] .fo-name-suffix{flex:none;color:var(--foyer-muted);font-weight:600}
[data-foyer] .fo-name-list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:4px}
[data-foyer] .fo-name-list .fo-row{width:100%}
[data-foyer] .fo-name-list .fo-row:disabled{cursor:default;opacity:1}
[data-foyer] .fo-name-title{font-size:20px;font-weight:700;word-break:break-all;margin:0}
[data-foyer] .fo-tag[data-tone=success]{display:inline-flex;align-items:center;gap:6px;color:var(--foyer-foreground);border-color:var(--foyer-success)}
[data-foyer] .fo-tag[data-tone=success]::before{content:"";width:6px;height:6px;border-radius:50%;background:var(--foyer-success)}
`
