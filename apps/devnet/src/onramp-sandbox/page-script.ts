/** The checkout page's one small inline script (nonce'd) and its style: no external resources. */

export const STYLE = `
:root{color-scheme:light dark;font-family:system-ui,sans-serif;line-height:1.5}
body{margin:0;padding:1.5rem;display:flex;justify-content:center}
main{max-width:28rem;width:100%}
h1{font-size:1.35rem;margin:0 0 .75rem}
h2{font-size:1.05rem;margin:0 0 .5rem}
.notice{border:2px dashed #b45309;border-radius:.5rem;padding:.5rem .75rem;margin:0 0 1rem;font-weight:600}
dl.summary{display:grid;grid-template-columns:auto 1fr;gap:.25rem .75rem;margin:0 0 1rem}
dl.summary dt{font-weight:600}
dl.summary dd{margin:0;overflow-wrap:anywhere}
fieldset{border:1px solid #8886;border-radius:.5rem;margin:0 0 1rem;padding:.5rem .75rem}
label{display:block;margin:.25rem 0}
input[type=text]{font:inherit;padding:.4rem .5rem;width:100%;box-sizing:border-box;letter-spacing:.05em}
button{font:inherit;padding:.55rem 1.1rem;border-radius:.4rem;border:1px solid currentColor;cursor:pointer}
button[type=submit]{font-weight:600}
button:focus-visible,input:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.hint{font-size:.9rem;margin:.25rem 0}
.result{min-height:1.5rem;margin:1rem 0;font-weight:600;overflow-wrap:anywhere}
ul.cards{margin:.25rem 0;padding-left:1.25rem;font-size:.9rem}
code{font-size:.9em}
[hidden]{display:none!important}
`

export const SCRIPT = `
(function () {
  var data = JSON.parse(document.getElementById('sandbox-data').textContent);
  var t = data.strings;
  var form = document.getElementById('pay-form');
  var result = document.getElementById('result');
  var button = document.getElementById('pay');
  var cardBox = document.getElementById('card-box');
  var bankHint = document.getElementById('bank-hint');
  var closeButton = document.getElementById('close');
  var terminal = { completed: true, failed: true, error: true };
  function method() { var m = form.querySelector('input[name=method]:checked'); return m ? m.value : 'card'; }
  function syncMethod() { var card = method() === 'card'; cardBox.hidden = !card; bankHint.hidden = card; }
  form.addEventListener('change', syncMethod);
  syncMethod();
  function describe(p) {
    var text = t[p.status] || t.error;
    if (p.status === 'failed' || p.status === 'error') {
      var reason = p.failureReason ? t['reason_' + p.failureReason] : p.message;
      if (reason) text += ' ' + reason;
    }
    return text;
  }
  function show(p) {
    result.textContent = describe(p);
    result.setAttribute('data-status', p.status);
    if (p.txHash) {
      var line = document.createElement('span');
      line.textContent = ' ' + t.transaction + ': ' + p.txHash;
      result.appendChild(line);
    }
    if (terminal[p.status]) { closeButton.hidden = false; button.disabled = p.status === 'completed' || (p.status === 'failed' && p.failureReason !== 'card_declined'); }
    else setTimeout(poll, 1000);
  }
  function poll() {
    fetch('/checkout/status?purchase=' + encodeURIComponent(data.purchaseId) + '&token=' + encodeURIComponent(data.token), { headers: { accept: 'application/json' } })
      .then(function (r) { return r.json(); })
      .then(function (p) { if (p && p.status) show(p); else setTimeout(poll, 1000); })
      .catch(function () { setTimeout(poll, 2000); });
  }
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    button.disabled = true;
    result.removeAttribute('data-status');
    result.textContent = t.processing;
    var body = { purchase: data.purchaseId, token: data.token, method: method(), projectId: data.projectId };
    if (body.method === 'card') body.card = document.getElementById('card').value;
    fetch('/checkout/pay', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) })
      .then(function (r) { return r.json().then(function (j) { return { ok: r.ok, body: j }; }); })
      .then(function (answer) {
        if (answer.ok) return show(answer.body);
        button.disabled = false;
        result.setAttribute('data-status', 'error');
        result.textContent = (answer.body && answer.body.error && answer.body.error.message) || t.error;
      })
      .catch(function () { button.disabled = false; result.setAttribute('data-status', 'error'); result.textContent = t.error; });
  });
  closeButton.addEventListener('click', function () { window.close(); });
  if (data.payment) show(data.payment);
})();
`
