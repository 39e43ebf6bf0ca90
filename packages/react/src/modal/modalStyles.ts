/**
 * The modal's main stylesheet, injected once by the shell. A style only some views use lives beside them and is
 * injected by the component that needs it (`useStyle`): walletStyles, transferStyles, accountStyles … Every selector is scoped under [data-foyer]; colours,
 * radius and font come from the --foyer-* variables set on the root (core's themeCssVariables).
 * The dialog hangs from a fixed top rather than being centred: a view that grows as its data arrives extends
 * downward, so the header and what the pointer is over do not move (a centred dialog moves up by half the growth).
 * The bottom sheet (≤ 430 px) has one fixed height for the same reason: a sheet sized to its content would grow
 * upward and move everything in it.
 */
export const modalCss = `
[data-foyer]{position:fixed;inset:0;z-index:var(--foyer-z-index);font:15px/1.4 var(--foyer-font-family);color:var(--foyer-foreground);-webkit-font-smoothing:antialiased;color-scheme:light}
[data-foyer][data-theme=dark]{color-scheme:dark}
[data-foyer] *,[data-foyer] *::before,[data-foyer] *::after{box-sizing:border-box}
[data-foyer] :where(h2,h3,p,ul){margin:0;padding:0}
[data-foyer] :where(ul){list-style:none}
[data-foyer] :where(button,a){font:inherit;color:inherit;background:none;border:0;margin:0;padding:0;cursor:pointer;text-decoration:none;-webkit-tap-highlight-color:transparent}
[data-foyer] :where(button,a,[tabindex]):focus-visible{outline:2px solid var(--foyer-focus);outline-offset:2px}
[data-foyer] .fo-overlay{position:absolute;inset:0;display:flex;align-items:flex-start;justify-content:center;padding:max(16px,calc(50dvh - 320px)) 16px 16px;background:var(--foyer-overlay);animation:fo-fade .16s ease-out}
[data-foyer] .fo-dialog{position:relative;display:flex;flex-direction:column;width:100%;max-width:360px;max-height:min(640px,calc(100dvh - 32px));background:var(--foyer-background);border:1px solid var(--foyer-border);border-radius:var(--foyer-radius);box-shadow:0 20px 60px rgba(0,0,0,.28);outline:none;animation:fo-rise .2s cubic-bezier(.2,.8,.2,1)}
[data-foyer] .fo-dialog[data-shake]{animation:fo-shake .5s ease-in-out;border-color:var(--foyer-error)}
[data-foyer] .fo-dialog[aria-busy=true]::after{content:"";position:absolute;top:0;left:20%;right:20%;height:2px;border-radius:2px;background:var(--foyer-accent);animation:fo-pulse 1s ease-in-out infinite alternate}
[data-foyer] .fo-header{display:grid;grid-template-columns:40px 1fr 40px;align-items:center;gap:4px;padding:12px 12px 4px}
[data-foyer] .fo-title{font-size:16px;font-weight:600;text-align:center;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
[data-foyer] .fo-icon-button{display:inline-flex;align-items:center;justify-content:center;width:36px;height:36px;border-radius:50%;color:var(--foyer-muted)}
[data-foyer] .fo-icon-button:hover{background:var(--foyer-surface);color:var(--foyer-foreground)}
[data-foyer] .fo-body{flex:1;overflow:auto;padding:8px 16px 20px;overscroll-behavior:contain}
[data-foyer] .fo-stack{display:flex;flex-direction:column;gap:12px}
[data-foyer] .fo-center{display:flex;flex-direction:column;align-items:center;gap:8px;text-align:center;padding:8px 0}
[data-foyer] .fo-list{display:flex;flex-direction:column;gap:8px}
[data-foyer] .fo-row{display:flex;align-items:center;gap:12px;width:100%;min-height:56px;padding:8px 12px;border-radius:calc(var(--foyer-radius) - 4px);background:var(--foyer-surface);text-align:left;transition:background .12s}
[data-foyer] .fo-row:hover{background:var(--foyer-surface-hover)}
[data-foyer] .fo-row[aria-disabled=true]{cursor:progress;opacity:.7}
[data-foyer] .fo-row[aria-current=true]{box-shadow:inset 0 0 0 1.5px var(--foyer-accent)}
[data-foyer] .fo-row-label{flex:1;min-width:0;font-weight:600;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
[data-foyer] .fo-row-detail{color:var(--foyer-muted);font-size:13px;font-weight:500}
[data-foyer] .fo-row[data-danger]{color:var(--foyer-error)}
[data-foyer] .fo-tag{flex:none;padding:2px 8px;border-radius:999px;border:1px solid var(--foyer-border);color:var(--foyer-muted);font-size:12px;font-weight:600}
[data-foyer] .fo-wallet-image{flex:none;display:inline-flex;align-items:center;justify-content:center;border-radius:12px;object-fit:cover;background:var(--foyer-background);color:var(--foyer-muted)}
[data-foyer] .fo-wallet-placeholder{border:1px solid var(--foyer-border)}
[data-foyer] .fo-link{align-self:center;padding:6px 8px;border-radius:8px;color:var(--foyer-accent);font-weight:600}
[data-foyer] .fo-link:hover{text-decoration:underline}
[data-foyer] .fo-primary{display:inline-flex;align-items:center;justify-content:center;gap:8px;min-height:44px;padding:0 20px;border-radius:999px;background:var(--foyer-accent);color:var(--foyer-accent-contrast);font-weight:600}
[data-foyer] .fo-primary:hover{filter:brightness(1.07)}
[data-foyer] .fo-center .fo-primary{margin-top:8px}
[data-foyer] .fo-muted{color:var(--foyer-muted)}
[data-foyer] .fo-heading{font-size:17px;font-weight:600}
[data-foyer] .fo-error{color:var(--foyer-error)}
[data-foyer] .fo-notice{display:flex;align-items:flex-start;gap:8px;padding:10px 12px;border-radius:12px;background:var(--foyer-surface);font-size:14px}
[data-foyer] .fo-notice[data-tone=error]{color:var(--foyer-error)}
[data-foyer] .fo-connecting-mark{position:relative;display:inline-flex;padding:10px;margin:8px 0}
[data-foyer] .fo-connecting-mark .fo-spinner{position:absolute;inset:0;width:auto!important;height:auto!important;border-width:3px}
[data-foyer] .fo-spinner{display:inline-block;flex:none;border:2px solid var(--foyer-border);border-top-color:var(--foyer-accent);border-radius:50%;animation:fo-spin .8s linear infinite}
[data-foyer] .fo-skeleton{display:block;border-radius:10px;background:var(--foyer-surface);animation:fo-pulse 1s ease-in-out infinite alternate}
[data-foyer] .fo-snackbar{position:absolute;left:16px;right:16px;bottom:16px;display:flex;justify-content:center;pointer-events:none}
[data-foyer] .fo-snackbar-card{display:inline-flex;align-items:center;gap:8px;max-width:100%;padding:8px 14px;border-radius:999px;background:var(--foyer-foreground);color:var(--foyer-background);font-size:14px;font-weight:500;box-shadow:0 8px 24px rgba(0,0,0,.25);animation:fo-rise .18s ease-out}
[data-foyer] .fo-snackbar-card[data-variant=error] svg{color:var(--foyer-error)}
[data-foyer] .fo-snackbar-card[data-variant=success] svg{color:var(--foyer-success)}
[data-foyer] .fo-snackbar-card .fo-spinner{border-color:var(--foyer-muted);border-top-color:var(--foyer-background)}
[data-foyer] .fo-visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (max-width:430px){
[data-foyer] .fo-overlay{align-items:flex-end;padding:0}
[data-foyer] .fo-dialog{max-width:none;height:min(640px,90dvh);max-height:none;border-bottom:0;border-radius:var(--foyer-radius) var(--foyer-radius) 0 0;padding-bottom:env(safe-area-inset-bottom);animation-name:fo-sheet}
[data-foyer] .fo-dialog[data-shake]{animation-name:fo-shake}
}
/* Email login and the embedded wallet's frame */
[data-foyer] .fo-input{min-height:44px;padding:0 14px;border-radius:12px;border:1px solid var(--foyer-border);background:transparent;color:inherit;font:inherit;width:100%;min-width:0}
[data-foyer] .fo-input:focus-visible{outline:2px solid var(--foyer-accent);outline-offset:1px}
[data-foyer] .fo-email-form{display:flex;flex-direction:column;gap:8px}
[data-foyer] .fo-email-field{display:flex;gap:8px}
[data-foyer] .fo-email-field .fo-primary{flex:none}
[data-foyer] .fo-email-or{text-align:center;font-size:13px}
[data-foyer] .fo-email-view{text-align:center}
@media (prefers-reduced-motion:reduce){
[data-foyer] *:not(.fo-spinner),[data-foyer] *::after{animation:none!important;transition:none!important}
[data-foyer] .fo-spinner{animation-duration:1.6s}
}
@keyframes fo-fade{from{opacity:0}}
@keyframes fo-rise{from{opacity:0;transform:translateY(8px) scale(.98)}}
@keyframes fo-sheet{from{transform:translateY(100%)}}
@keyframes fo-spin{to{transform:rotate(1turn)}}
@keyframes fo-pulse{from{opacity:.55}to{opacity:1}}
@keyframes fo-shake{10%,90%{transform:translateX(-2px)}20%,80%{transform:translateX(4px)}30%,50%,70%{transform:translateX(-8px)}40%,60%{transform:translateX(8px)}}
`
