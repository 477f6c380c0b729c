// The contact form: the required fields are labelled with a star, and the server's field errors show
// under their fields, named by the controls' aria-describedby. The API is a fake of fetch.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../src/routes';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderContact(contact: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/contact') return contact();
      if (path === '/api/user') return json(401, { success: false, error: 'Not signed in' });
      return json(404, { success: false, error: `No fake for ${path}` });
    }),
  );
  const router = createMemoryRouter(routes, { initialEntries: ['/contact'] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('contact form', () => {
  it("shows the server's field error under Email and names it from the field; fixing the field clears it", async () => {
    renderContact(() =>
      json(400, { success: false, error: 'The message is not valid.', fieldErrors: [{ path: '/email', message: 'Enter a valid email' }] }),
    );
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Name *');
    const email = screen.getByLabelText('Email *');
    expect(name.getAttribute('aria-describedby')).toBeNull();
    await user.type(name, 'Ada');
    await user.type(email, 'ada@example.com');
    await user.type(screen.getByLabelText('Message *'), 'Hello there, a question about the bot.');
    await user.click(screen.getByRole('button', { name: /Send/ }));

    const error = await screen.findByText('Enter a valid email');
    expect(error.id).toBe(`${email.id}-error`);
    expect(email.getAttribute('aria-describedby')).toBe(error.id);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toBeNull();

    await user.type(email, 'm');
    expect(screen.queryByText('Enter a valid email')).toBeNull();
    expect(email.getAttribute('aria-describedby')).toBeNull();
  });
});
