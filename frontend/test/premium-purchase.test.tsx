// Premium purchase: the purchase form on the process page, the result pages that follow
// the real order, and the /dashboard and /support routes those pages link to. The API is a fake of fetch answering as
// the payments contract says.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PermissionFlagsBits } from 'discord-api-types/v10';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMINISTRATOR, MANAGE_SERVER } from '../src/components/public/purchase-guilds';
import { ORDER_POLL_MS, ORDER_WAIT_MS } from '../src/pages/public/PaymentPending';
import { routes } from '../src/routes';

const OWNED = '1100000000000010000';
const ADMIN = '1100000000000020000';
const MEMBER = '1100000000000030000';
const NO_BOT = '1100000000000040000';
const VIEWER = '1100000000000050000';
const USER = {
  success: true,
  id: '1100000000000000100',
  username: 'demo-owner',
  avatar: null,
  discriminator: '0',
  email: 'owner@example.com',
  discord_id: '1100000000000000100',
  guilds: [
    { id: MEMBER, name: 'Just a Member', iconURL: null, settingsUrl: `/manage/${MEMBER}/dashboard`, permissions: '1024', owner: false },
    {
      id: NO_BOT,
      name: 'No Bot Here',
      iconURL: null,
      settingsUrl: 'http://localhost/sandbox/discord/oauth2/authorize?guild_id=4',
      permissions: '8',
      owner: false,
    },
    {
      id: OWNED,
      name: 'Owned Guild',
      iconURL: null,
      settingsUrl: `/manage/${OWNED}/dashboard`,
      permissions: '0',
      owner: true,
      premium: { plan: 'standard', planName: 'Standard', endsAt: '2026-12-22T10:00:00.000Z' },
    },
    {
      id: ADMIN,
      name: 'Admin Guild',
      iconURL: null,
      settingsUrl: `/manage/${ADMIN}/dashboard`,
      permissions: '32',
      owner: false,
      premium: { plan: null, planName: 'Free', endsAt: null },
    },
    {
      id: VIEWER,
      name: 'Viewer Guild',
      iconURL: null,
      settingsUrl: `/manage/${VIEWER}/antinuke`,
      permissions: '0',
      owner: false,
      sections: ['antinuke'],
    },
  ],
};

interface Call {
  method: string;
  path: string;
  body: any;
}
type Answer = { status: number; body: unknown };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const order = (status: string, extra: Record<string, unknown> = {}) => ({
  id: 'ord_1',
  status,
  planType: 'standard',
  period: 'yearly',
  guildId: OWNED,
  amount: 1499,
  currency: 'INR',
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
  premium: null,
  ...extra,
});

function fakeApi({
  user = USER as unknown,
  create,
  orders = [] as unknown[],
  callback,
}: { user?: unknown; create?: Answer; orders?: unknown[]; callback?: Answer } = {}) {
  const server = { calls: [] as Call[], orders: [...orders] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init.method ?? 'GET').toUpperCase();
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      server.calls.push({ method, path: url.pathname, body });
      if (url.pathname === '/api/user') return user ? json(200, user) : json(401, { success: false, error: 'Not signed in' });
      if (url.pathname === '/api/payments/create' && create) return json(create.status, create.body);
      if (url.pathname === '/api/payments/orders/ord_1/callback' && callback) return json(callback.status, callback.body);
      if (url.pathname === '/api/payments/orders/ord_1') {
        // Each read takes the next state; the last one stays.
        const next = server.orders.length > 1 ? server.orders.shift() : server.orders[0];
        return next ? json(200, { success: true, order: next }) : json(404, { success: false, error: 'Unknown order' });
      }
      return json(404, { success: false, error: `No fake for ${method} ${url.pathname}` });
    }),
  );
  return server;
}

/** The app's real route table (lazy pages and all) at `path`; `location` reports where the router went. */
function renderApp(path: string, state?: unknown) {
  const router = createMemoryRouter(routes, {
    initialEntries: [state ? { pathname: path.split('?')[0]!, search: path.includes('?') ? `?${path.split('?')[1]}` : '', state } : path],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const where = (router: ReturnType<typeof createMemoryRouter>) => router.state.location.pathname + router.state.location.search;

let assign: ReturnType<typeof vi.fn>;
beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-token';
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  sessionStorage.clear();
});

const PROCESS = '/premium/standard/yearly/process';

describe('the purchase form', () => {
  it('offers only servers with the bot where the buyer is owner, Administrator or Manage Server, the first one chosen', async () => {
    fakeApi();
    renderApp(PROCESS);
    const select = (await screen.findByLabelText(/Server/)) as HTMLSelectElement;
    const options = within(select).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((o) => o.value)).toEqual(['', OWNED, ADMIN]);
    expect(select.value).toBe(OWNED);
    // Each server with its plan now.
    expect(options[1]!.textContent).toBe('Owned Guild (Standard, until 22 Dec 2026)');
    expect(options[2]!.textContent).toBe('Admin Guild (Free)');
  });

  it('reads the permission bits Discord defines', () => {
    expect(ADMINISTRATOR).toBe(PermissionFlagsBits.Administrator);
    expect(MANAGE_SERVER).toBe(PermissionFlagsBits.ManageGuild);
  });

  it('prefills the email and Discord user ID from the signed-in user', async () => {
    fakeApi();
    renderApp(PROCESS);
    expect(((await screen.findByLabelText(/Email/)) as HTMLInputElement).value).toBe('owner@example.com');
    expect((screen.getByLabelText(/Discord User ID/) as HTMLInputElement).value).toBe(USER.discord_id);
    expect((screen.getByLabelText(/Email/) as HTMLInputElement).type).toBe('email');
    expect((screen.getByLabelText(/Email/) as HTMLInputElement).required).toBe(true);
  });

  it("says 'Please select a server' beside the select, focuses it, and sends nothing", async () => {
    const server = fakeApi();
    renderApp(PROCESS);
    const select = (await screen.findByLabelText(/Server/)) as HTMLSelectElement;
    await userEvent.selectOptions(select, '');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    screen.getByText('Please select a server');
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(select.getAttribute('aria-describedby')).toContain(screen.getByText('Please select a server').id);
    expect(document.activeElement).toBe(select);
    expect(server.calls.some((c) => c.path === '/api/payments/create')).toBe(false);
  });

  it('sends the order and leaves for the payment page the server returns, saying so meanwhile', async () => {
    const server = fakeApi({
      create: { status: 200, body: { success: true, orderId: 'ord_1', paymentUrl: 'https://rzp.io/i/abc' } },
    });
    renderApp(PROCESS);
    await userEvent.selectOptions(await screen.findByLabelText(/Server/), ADMIN);
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://rzp.io/i/abc'));
    expect(server.calls.find((c) => c.path === '/api/payments/create')!.body).toEqual({
      planType: 'standard',
      period: 'yearly',
      guildId: ADMIN,
      email: 'owner@example.com',
      discordId: USER.discord_id,
      amount: 1499,
    });
    expect(screen.getByRole('button', { name: /Redirecting to payment.../ })).toHaveProperty('disabled', true);
  });

  it('without a paymentUrl goes to the pending page carrying the order', async () => {
    fakeApi({ create: { status: 200, body: { success: true, orderId: 'ord_1', paymentUrl: '' } } });
    const router = renderApp(PROCESS);
    await userEvent.click(await screen.findByRole('button', { name: 'Continue to Payment' }));
    await screen.findByRole('heading', { name: 'Payment Processing' });
    expect(router.state.location.state).toEqual({ planType: 'standard', period: 'yearly', guildId: OWNED, amount: 1499 });
    expect(screen.getByText('Server ID').nextSibling!.textContent).toBe(OWNED);
  });

  it('shows the server’s field errors next to their fields and stays on the form', async () => {
    fakeApi({
      create: {
        status: 400,
        body: {
          success: false,
          error: 'Invalid payment request',
          fieldErrors: [
            { path: '/email', message: 'Please enter a valid email address' },
            { path: '/discordId', message: 'A Discord user ID is 17 to 19 digits' },
          ],
        },
      },
    });
    const router = renderApp(PROCESS);
    await userEvent.click(await screen.findByRole('button', { name: 'Continue to Payment' }));
    const emailError = await screen.findByText('Please enter a valid email address');
    const email = screen.getByLabelText(/Email/);
    expect(email.getAttribute('aria-describedby')).toContain(emailError.id);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/Discord User ID/).getAttribute('aria-describedby')).toContain(
      screen.getByText('A Discord user ID is 17 to 19 digits').id,
    );
    expect(document.activeElement).toBe(email);
    expect(router.state.location.pathname).toBe(PROCESS);
  });

  it("on any other error goes to the failed page: 'We couldn't process your payment...' with the server's reason", async () => {
    fakeApi({ create: { status: 503, body: { success: false, error: 'Payments are closed for now.' } } });
    const router = renderApp(PROCESS);
    await userEvent.click(await screen.findByRole('button', { name: 'Continue to Payment' }));
    await screen.findByRole('heading', { name: 'Payment Failed' });
    expect(router.state.location.pathname).toBe('/premium/payment/failed');
    screen.getByText("We couldn't process your payment. Don't worry, no charges were made.");
    screen.getByText('Details: Payments are closed for now.');
    expect(screen.getByRole('link', { name: 'Try Again' }).getAttribute('href')).toBe('/premium');
  });

  it('with no server to buy for, links to the selector to invite the bot', async () => {
    fakeApi({ user: { ...USER, guilds: [USER.guilds[0], USER.guilds[1]] } });
    renderApp(PROCESS);
    await screen.findByRole('heading', { name: 'No server to upgrade' });
    expect(screen.getByRole('link', { name: 'Invite the bot to a server' }).getAttribute('href')).toBe('/selector');
    expect(screen.queryByRole('button', { name: 'Continue to Payment' })).toBeNull();
  });

  it('signed out, offers Sign in to buy, which comes back to this page after sign-in', async () => {
    fakeApi({ user: null });
    renderApp(PROCESS);
    const link = await screen.findByRole('link', { name: 'Sign in to buy' });
    expect(link.getAttribute('href')).toBe('/login');
    screen.getByText('₹1,499');
    fireEvent.click(link);
    expect(sessionStorage.getItem('redirectAfterLogin')).toBe(PROCESS);
    expect(screen.queryByLabelText(/Server/)).toBeNull();
  });
});

const CALLBACK =
  '?order=ord_1&razorpay_payment_id=pay_1&razorpay_payment_link_id=plink_1&razorpay_payment_link_reference_id=ord_1' +
  '&razorpay_payment_link_status=paid&razorpay_signature=sig';

describe('the pending page without an order', () => {
  // The one check of the "about 2-5 minutes" sentence: static text needs no browser, so the e2e runs need not repeat it.
  it('says verification takes about 2-5 minutes and the subscription activates once confirmed, with the details from the query', async () => {
    fakeApi();
    renderApp(`/premium/payment/pending?planType=basic&period=monthly&guildId=${ADMIN}&amount=89`);
    await screen.findByRole('heading', { name: 'Payment Processing' });
    const sentence = screen.getByText(/about 2-5 minutes/).textContent;
    expect(sentence).toContain('This usually takes about 2-5 minutes.');
    expect(sentence).toContain('Your subscription activates as soon as the payment is confirmed');
    expect(screen.getByText('Amount').nextSibling!.textContent).toBe('₹89');
  });
});

describe('the pending page with an order', () => {
  it('passes the provider’s callback on once, drops it from the address, and goes to the success page when paid', async () => {
    const server = fakeApi({
      callback: { status: 200, body: { success: true, order: order('paid') } },
      orders: [
        order('paid', {
          paidAt: '2026-11-22T10:01:00.000Z',
          premium: { plan: 'standard', planName: 'Standard', endsAt: '2027-11-22T10:01:00.000Z' },
        }),
      ],
    });
    const router = renderApp(`/premium/payment/pending${CALLBACK}`);
    await screen.findByRole('heading', { name: 'Payment Successful' });
    expect(where(router)).toBe('/premium/payment/success?order=ord_1');
    const posts = server.calls.filter((c) => c.path === '/api/payments/orders/ord_1/callback');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({
      razorpay_payment_id: 'pay_1',
      razorpay_payment_link_id: 'plink_1',
      razorpay_payment_link_reference_id: 'ord_1',
      razorpay_payment_link_status: 'paid',
      razorpay_signature: 'sig',
    });
    // Replaced, not pushed: Back does not return to the provider's parameters.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('strips the callback even when the server cannot verify it, and keeps following the order', async () => {
    fakeApi({
      callback: { status: 400, body: { success: false, error: 'The payment could not be verified.' } },
      orders: [order('created')],
    });
    const router = renderApp(`/premium/payment/pending${CALLBACK}`);
    await waitFor(() => expect(where(router)).toBe('/premium/payment/pending?order=ord_1'));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Waiting for the payment to be confirmed...');
    screen.getByText('Payment Processing');
  });

  it('polls every 3 seconds until the order is paid, then shows the success page from the order', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = fakeApi({
      orders: [
        order('created'),
        order('created'),
        order('paid', { premium: { plan: 'standard', planName: 'Standard', endsAt: '2027-11-22T10:01:00.000Z' } }),
      ],
    });
    const router = renderApp('/premium/payment/pending?order=ord_1');
    await screen.findByText('Waiting for the payment to be confirmed...');
    const reads = () => server.calls.filter((c) => c.path === '/api/payments/orders/ord_1').length;
    expect(reads()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(ORDER_POLL_MS));
    expect(reads()).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(ORDER_POLL_MS));
    await screen.findByRole('heading', { name: 'Payment Successful' });
    expect(where(router)).toBe('/premium/payment/success?order=ord_1');
    screen.getByText('Premium active until 22 Nov 2027');
  });

  it('goes to the failed page when the order fails, whose Try Again returns to that plan', async () => {
    fakeApi({ orders: [order('failed')] });
    const router = renderApp('/premium/payment/pending?order=ord_1');
    await screen.findByRole('heading', { name: 'Payment Failed' });
    expect(where(router)).toBe('/premium/payment/failed?order=ord_1');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Try Again' }).getAttribute('href')).toBe('/premium/standard/yearly/process'),
    );
    expect(screen.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe('/support');
  });

  it('stops after 5 minutes with a still-waiting message and a support link', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = fakeApi({ orders: [order('created')] });
    renderApp('/premium/payment/pending?order=ord_1');
    await screen.findByText('Waiting for the payment to be confirmed...');
    await act(() => vi.advanceTimersByTimeAsync(ORDER_WAIT_MS));
    expect(screen.getByRole('status').textContent).toBe('Still waiting for the payment to be confirmed.');
    expect(screen.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe('/support');
    const reads = server.calls.filter((c) => c.path === '/api/payments/orders/ord_1').length;
    await act(() => vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 5));
    expect(server.calls.filter((c) => c.path === '/api/payments/orders/ord_1').length).toBe(reads);
  });
});

describe('the success page', () => {
  it('shows plan type, duration, server ID and amount paid from the order, and the new end date', async () => {
    fakeApi({ orders: [order('paid', { premium: { plan: 'standard', planName: 'Standard', endsAt: '2027-11-22T10:01:00.000Z' } })] });
    renderApp('/premium/payment/success?order=ord_1');
    await screen.findByText('Premium active until 22 Nov 2027');
    const value = (label: string) => screen.getByText(label).nextSibling!.textContent;
    expect(value('Plan type')).toBe('Standard');
    expect(value('Duration')).toBe('1 year');
    expect(value('Server ID')).toBe(OWNED);
    expect(value('Amount paid')).toBe('₹1,499');
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByRole('link', { name: 'Get Support' }).getAttribute('href')).toBe('/support');
  });

  it('says Lifetime for a lifetime plan', async () => {
    fakeApi({
      orders: [order('paid', { period: 'lifetime', amount: 3999, premium: { plan: 'standard', planName: 'Standard', endsAt: null } })],
    });
    renderApp('/premium/payment/success?order=ord_1');
    await screen.findByText('Premium active: Lifetime');
  });

  it('still reads the order details from the query without an order', async () => {
    fakeApi();
    renderApp(`/premium/payment/success?planType=basic&period=monthly&guildId=${ADMIN}&amount=89`);
    await screen.findByRole('heading', { name: 'Payment Successful' });
    expect(screen.getByText('Plan type').nextSibling!.textContent).toBe('Basic');
    expect(screen.getByText('Amount paid').nextSibling!.textContent).toBe('₹89');
  });

  it('opened with no order and no details, confirms nothing and leads back to the plans and the dashboard', async () => {
    fakeApi();
    renderApp('/premium/payment/success');
    await screen.findByRole('heading', { name: 'No payment to confirm' });
    expect(screen.queryByText(/subscription is active/)).toBeNull();
    expect(screen.queryByText('Plan type')).toBeNull();
    expect(screen.getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/premium');
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    await waitFor(() => expect(document.title).toBe('No payment to confirm | Guildhall'));
  });

  it('naming an order the server does not know, confirms nothing and says why', async () => {
    fakeApi();
    renderApp('/premium/payment/success?order=ord_1');
    await screen.findByRole('heading', { name: 'No payment to confirm' });
    expect(screen.getByRole('alert').textContent).toBe('Unknown order');
    expect(screen.queryByText(/subscription is active/)).toBeNull();
  });

  it('naming an order that is not paid yet, follows it on the pending page', async () => {
    fakeApi({ orders: [order('created')] });
    const router = renderApp('/premium/payment/success?order=ord_1');
    await screen.findByRole('heading', { name: 'Payment Processing' });
    expect(where(router)).toBe('/premium/payment/pending?order=ord_1');
    expect(screen.queryByRole('heading', { name: 'Payment Successful' })).toBeNull();
  });
});

describe('/dashboard and /support', () => {
  it('/dashboard is the server selector, for signed-in users', async () => {
    fakeApi();
    const router = renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Select a server' });
    expect(router.state.location.pathname).toBe('/selector');
  });

  it('/dashboard signed out goes to login and remembers the way', async () => {
    fakeApi({ user: null });
    const router = renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sessionStorage.getItem('redirectAfterLogin')).toBe('/dashboard');
  });

  it('/support is the contact page', async () => {
    fakeApi({ user: null });
    const router = renderApp('/support');
    await waitFor(() => expect(router.state.location.pathname).toBe('/contact'));
  });
});
