/** The one-time code input and the approval frame's host. */
export const otpCss = `
[data-foyer] .fo-otp{display:flex;gap:8px;justify-content:center}
[data-foyer] .fo-otp-digit{width:44px;padding:0;text-align:center;font-size:20px;font-variant-numeric:tabular-nums}
[data-foyer] .fo-frame-host{position:relative;height:420px;display:flex;align-items:center;justify-content:center;border-radius:12px}
`
