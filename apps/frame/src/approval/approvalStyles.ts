/**
 * The approval's own look. Its buttons never use the site-themable accent (SYNC_THEME's `--foyer-accent`): a site
 * could make Approve transparent, or Reject look like Approve. Fixed colours, readable in light and dark.
 */
const css = `
[data-screen=approval] .approval-actions button{flex:1;min-height:44px;border-radius:999px;font:inherit;font-weight:700;cursor:pointer;opacity:1}
[data-screen=approval] .approval-actions button.approval-reject{background:#eceef2;border:2px solid #5c6270;color:#16181d}
[data-screen=approval] .approval-actions button.approval-approve{background:#1b5e20;border:2px solid #1b5e20;color:#ffffff}
[data-screen=approval] .approval-actions button.approval-approve:disabled{background:#d4d7dd;border:2px dashed #5c6270;color:#3a3f47;cursor:not-allowed}
[data-screen=approval] .approval-actions button:focus-visible,[data-screen=approval] h1:focus-visible{outline:3px solid #f59f00;outline-offset:2px}
[data-screen=approval] .approval-status{font-size:13px;color:var(--muted);min-height:1.45em}
[data-screen=approval] .approval-summary{font-weight:600;word-break:break-all}
[data-screen=approval] h1:focus{outline:none}
[data-screen=approval]{overflow:hidden}
[data-screen=approval] .approval-details{flex:1 1 auto;min-height:0;overflow:auto;display:flex;flex-direction:column;gap:12px}
[data-screen=approval] .approval-status,[data-screen=approval] .approval-actions{flex:none}`

let installed = false

export function installApprovalStyles() {
  if (installed) return
  installed = true
  const style = document.createElement('style')
  style.textContent = css
  document.head.appendChild(style)
}
