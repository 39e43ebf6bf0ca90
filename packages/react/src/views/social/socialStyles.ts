/** Styles of the social sign-in buttons and views; injected by their chunks only. */
export const socialCss = `
[data-foyer] .fo-social{display:flex;flex-direction:column;gap:8px}
[data-foyer] .fo-social-icons{display:flex;gap:8px}
[data-foyer] .fo-social-icon{flex:1;display:inline-flex;align-items:center;justify-content:center;min-height:48px;border-radius:calc(var(--foyer-radius) - 4px);background:var(--foyer-surface)}
[data-foyer] .fo-social-icon:hover{background:var(--foyer-surface-hover)}
[data-foyer] .fo-social-mark{flex:none;display:inline-block}
[data-foyer] .fo-social-waiting{display:flex;flex-direction:column;align-items:center;gap:12px;text-align:center}
[data-foyer] .fo-social-waiting .fo-social-mark{width:52px;height:52px}
`
