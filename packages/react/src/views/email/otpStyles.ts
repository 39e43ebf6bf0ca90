/** The box a view shows the secure frame in (an approval, the devices list; a code entry is shorter). */
export const otpCss = `
[data-foyer] .fo-frame-host{position:relative;height:420px;display:flex;align-items:center;justify-content:center;border-radius:12px}
[data-foyer] .fo-frame-host-code{height:360px}
`
