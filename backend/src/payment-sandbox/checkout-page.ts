// The payment sandbox's stand-in for Razorpay's hosted checkout: plain HTML, no script (the app's CSP allows none
// inline), usable by keyboard and screen reader, dark or light as the system prefers.

import { escapeHtml } from '../http/html.js';
import type { PaymentLinkEntity, PaymentLinkStatus, PaymentMethod } from './payment-sandbox.types.js';

export const CHECKOUT_TITLE = 'Guildhall (payment sandbox)';

const METHOD_LABELS: Record<PaymentMethod, string> = { upi: 'UPI', card: 'Card', netbanking: 'Net banking' };

const CLOSED_TEXT: Record<Exclude<PaymentLinkStatus, 'created'>, string> = {
  paid: 'This payment link has been paid.',
  expired: 'This payment link has expired.',
  cancelled: 'This payment link has been cancelled.',
};

const STYLE = `
  :root { color-scheme: dark light; --bg:#1e1f22; --panel:#2b2d31; --text:#f2f3f5; --muted:#b5bac1; --accent:#3395ff; --danger:#f23f43; --focus:#ffd54f; }
  @media (prefers-color-scheme: light) { :root { --bg:#f2f3f5; --panel:#ffffff; --text:#060607; --muted:#4e5058; --accent:#0b63c5; --danger:#b3261e; --focus:#a05a00; } }
  * { box-sizing: border-box; }
  body { margin:0; font:16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background:var(--bg); color:var(--text); }
  main { max-width: 32rem; margin: 2rem auto; padding: 1.5rem; background: var(--panel); border-radius: 12px; }
  h1 { font-size: 1.5rem; margin-top: 0; }
  .amount { font-size: 2rem; font-weight: 700; margin: 0.5rem 0; }
  .note { color: var(--muted); }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
  dt { color: var(--muted); }
  dd { margin: 0; overflow-wrap: anywhere; }
  fieldset { border: 1px solid var(--muted); border-radius: 8px; margin: 1rem 0; padding: 0.75rem 1rem 1rem; }
  legend { padding: 0 0.25rem; font-weight: 600; }
  fieldset label { display: block; padding: 0.25rem 0; cursor: pointer; }
  input[type=radio] { accent-color: var(--accent); margin-right: 0.5rem; }
  .actions { display: flex; gap: 0.5rem; flex-wrap: wrap; }
  button { font: inherit; color: inherit; cursor: pointer; border-radius: 8px; padding: 0.5rem 1rem; border: 1px solid var(--muted); background: transparent; }
  button.primary { background: var(--accent); border-color: var(--accent); color: #fff; }
  button.danger { border-color: var(--danger); }
  a { color: var(--accent); }
  :focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

/** Paise as rupees the Indian way: ₹1,499 or ₹1,499.50. */
export function rupees(paise: number): string {
  const whole = paise % 100 === 0;
  return `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 })}`;
}

function summary(link: PaymentLinkEntity): string {
  const rows: string[] = [];
  if (link.description) rows.push(`<dt>For</dt><dd>${escapeHtml(link.description)}</dd>`);
  if (link.customer.email) rows.push(`<dt>E-mail</dt><dd>${escapeHtml(link.customer.email)}</dd>`);
  return `<p class="amount">${escapeHtml(rupees(link.amount))}</p>
${rows.length ? `<dl>${rows.join('')}</dl>` : ''}`;
}

export function renderCheckoutPage(link: PaymentLinkEntity, actionBase: string): string {
  if (link.status !== 'created') {
    const back = link.callback_url ? `<p><a href="${escapeHtml(link.callback_url)}">Return to Guildhall</a></p>` : '';
    return page(
      `${CLOSED_TEXT[link.status]} - ${CHECKOUT_TITLE}`,
      `<h1>${escapeHtml(CHECKOUT_TITLE)}</h1>
${summary(link)}
<p role="status">${escapeHtml(CLOSED_TEXT[link.status])}</p>
${back}`,
    );
  }
  const methods = (Object.keys(METHOD_LABELS) as PaymentMethod[])
    .map(
      (method) =>
        `<label><input type="radio" name="method" value="${method}"${method === 'upi' ? ' checked' : ''}>${METHOD_LABELS[method]}</label>`,
    )
    .join('\n');
  const action = (name: string) => escapeHtml(`${actionBase}/${name}`);
  const amount = escapeHtml(rupees(link.amount));
  return page(
    `Pay ${rupees(link.amount)} - ${CHECKOUT_TITLE}`,
    `<h1>${escapeHtml(CHECKOUT_TITLE)}</h1>
${summary(link)}
<p class="note" id="no-money">This is a sandbox: no real money moves, whichever button you choose.</p>
<form method="post" action="${action('pay')}" aria-describedby="no-money">
<fieldset>
<legend>Payment method</legend>
${methods}
</fieldset>
<div class="actions">
<button class="primary" type="submit">Pay ${amount}</button>
<button class="danger" type="submit" formaction="${action('fail')}">Fail payment</button>
<button type="submit" formaction="${action('leave')}">Leave pending</button>
</div>
</form>`,
  );
}

export function renderUnknownLinkPage(): string {
  return page(
    `Payment link not found - ${CHECKOUT_TITLE}`,
    `<h1>${escapeHtml(CHECKOUT_TITLE)}</h1>\n<p role="status">This payment link does not exist.</p>`,
  );
}
