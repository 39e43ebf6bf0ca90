import { useStyle } from '../hooks/useStyle.ts'

/** The buttons' own tiny style (they live in the site's page, outside the modal's scoped stylesheet). */
const css = `.foyer-button{display:inline-flex;align-items:center;gap:8px;min-height:40px;padding:0 16px;border:1px solid transparent;border-radius:999px;background:var(--foyer-accent);color:var(--foyer-accent-contrast);font:600 15px/1.2 var(--foyer-font-family);cursor:pointer;white-space:nowrap;-webkit-tap-highlight-color:transparent}
.foyer-button[data-variant=quiet],.foyer-button[data-variant=account]{background:var(--foyer-background);color:var(--foyer-foreground);border-color:var(--foyer-border);padding:0 14px}
.foyer-button[data-variant=account]{padding-left:6px}
.foyer-button[data-variant=warning]{background:var(--foyer-error);color:#fff}
.foyer-button:hover{filter:brightness(1.07)}
.foyer-button:focus-visible{outline:2px solid var(--foyer-focus);outline-offset:2px}
.foyer-button[aria-busy=true]{cursor:progress;opacity:.85}
.foyer-button-muted{color:var(--foyer-muted);font-weight:500}
.foyer-button img{width:22px;height:22px;border-radius:50%;object-fit:cover}`

export function useButtonStyle() {
  useStyle('foyer-button-style', css)
}
