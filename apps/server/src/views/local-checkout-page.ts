/** The pages of the local checkout stand-in (shown instead of Polar's checkout when Polar is not configured). */

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** 'US$9.99 USD /mo', as the community card shows prices (spec section 3). */
export function monthlyPrice(amountCents: number, currency: string): string {
  const amount = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amountCents / 100);
  return `US$${amount} ${currency.toUpperCase()} /mo`;
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>
  *{box-sizing:border-box} body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f1f3f5;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#212529}
  main{width:min(440px,92vw);background:#fff;border-radius:12px;box-shadow:0 6px 24px rgba(0,0,0,.08);padding:32px}
  h1{font-size:22px;margin:0 0 4px;overflow-wrap:anywhere} p{margin:0 0 16px} .muted{color:#868e96}
  .badge{display:inline-block;background:#fff9db;color:#8f5f00;border-radius:999px;padding:2px 10px;font-size:13px;font-weight:600;margin-bottom:16px}
  .price{font-size:28px;font-weight:700;margin:20px 0 4px}
  dl{display:flex;gap:8px;margin:16px 0 0;color:#495057} dt{font-weight:600} dd{margin:0;overflow-wrap:anywhere}
  button{margin-top:24px;width:100%;padding:11px;border:0;border-radius:8px;background:#228be6;color:#fff;font:inherit;font-weight:600;cursor:pointer}
  button:hover{background:#1c7ed6} a{color:#1c7ed6}
  .actions{margin-top:14px;text-align:center} .note{margin-top:24px;font-size:13px;color:#868e96}
  .error,.info{border-radius:8px;padding:10px 12px} .error{background:#fff5f5;color:#c92a2a} .info{background:#e7f5ff;color:#1864ab}
</style></head>
<body><main>
${body}
</main></body></html>`;
}

export interface LocalCheckoutView {
  checkoutId: string;
  communityName: string;
  amountCents: number;
  currency: string;
  email: string;
}

export function localCheckoutPage(view: LocalCheckoutView): string {
  const name = escape(view.communityName);
  return layout(
    `Checkout: ${view.communityName}`,
    `  <span class="badge">Local checkout: no money moves</span>
  <h1>${name}</h1>
  <p class="muted">Monthly membership</p>
  <p class="price">${escape(monthlyPrice(view.amountCents, view.currency))}</p>
  <dl><dt>Paying as</dt><dd>${escape(view.email)}</dd></dl>
  <form method="post" action="/checkout/local/${escape(view.checkoutId)}/pay">
    <button type="submit">Pay</button>
  </form>
  <p class="actions"><a href="/${escape(encodeURIComponent(view.communityName))}/join">Cancel</a></p>
  <p class="note">Polar is not configured on this server, so this page stands in for its checkout. Pay sends the
  same signed <code>order.paid</code> webhook Polar would, and you join the community.</p>`,
  );
}

/** A short page for the other outcomes (already paid, expired, full, not found). */
export function localCheckoutMessage(
  title: string,
  message: string,
  link?: { href: string; label: string },
  tone: 'error' | 'info' = 'error',
): string {
  return layout(
    title,
    `  <h1>${escape(title)}</h1>
  <p class="${tone}" role="${tone === 'error' ? 'alert' : 'status'}">${escape(message)}</p>
  ${link ? `<p class="actions"><a href="${escape(link.href)}">${escape(link.label)}</a></p>` : ''}`,
  );
}
