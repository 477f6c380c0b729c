// The payment sandbox's stand-in for Razorpay's hosted checkout: plain HTML, no script (the app's CSP allows none
// inline), usable by keyboard and screen reader, dark or light as the system prefers.

import { escapeHtml, sandboxPage } from '@guildhall/backend/http/html';
import type { PaymentLinkEntity, PaymentLinkStatus, PaymentMethod } from './payment-sandbox.types.js';

export const CHECKOUT_TITLE = 'Guildhall (payment sandbox)';

const METHOD_LABELS: Record<PaymentMethod, string> = { upi: 'UPI', card: 'Card', netbanking: 'Net banking' };

const CLOSED_TEXT: Record<Exclude<PaymentLinkStatus, 'created'>, string> = {
  paid: 'This payment link has been paid.',
  expired: 'This payment link has expired.',
  cancelled: 'This payment link has been cancelled.',
};

/** The checkout's own rules and palette (Razorpay's blue), over the sandboxes' shared style (http/html.ts). */
const STYLE = `
  :root { --accent:#3395ff; }
  @media (prefers-color-scheme: light) { :root { --accent:#0b63c5; } }
  main { max-width: 32rem; }
  .amount { font-size: 2rem; font-weight: 700; margin: 0.5rem 0; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
  dt { color: var(--muted); }
  dd { margin: 0; overflow-wrap: anywhere; }
  fieldset label { display: block; padding: 0.25rem 0; cursor: pointer; }
  input[type=radio] { accent-color: var(--accent); margin-right: 0.5rem; }
  .actions { display: flex; gap: 0.5rem; flex-wrap: wrap; }
  button { padding: 0.5rem 1rem; border: 1px solid var(--muted); background: transparent; }
  button.primary { background: var(--accent); border-color: var(--accent); color: #fff; }
  button.danger { border-color: var(--danger); }
  a { color: var(--accent); }
`;

function page(title: string, body: string): string {
  return sandboxPage(title, body, STYLE, '<meta name="referrer" content="no-referrer">\n');
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
