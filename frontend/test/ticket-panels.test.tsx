// The ticket panels page: its states, the cards and their actions, over a fake of the
// panels collection API and Deploy (test/support/panels-api.ts).
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FREE_PANELS, fakePanelsApi, GENERAL, GUILD, panel, UNLIMITED_PANELS } from './support/panels-api';
import { renderPanels } from './support/render-panels';

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-token';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const card = (title: string) => screen.getByRole('article', { name: title });

describe('Ticket panels list', () => {
  it("shows 'No panels created yet' with a button to create the first panel, and the summary with the plan's limit", async () => {
    fakePanelsApi({ cap: 25, planLimit: FREE_PANELS });
    renderPanels();
    screen.getByText('Loading ticket panels...');
    await screen.findByText('No panels created yet');
    screen.getByRole('button', { name: 'Create your first panel' });
    const summary = document.querySelector('[aria-label="Panel summary"]')!;
    expect(summary.querySelector('[data-summary="total"]')!.textContent).toBe('0');
    expect(summary.querySelector('[data-summary="deployed"]')!.textContent).toBe('0');
    // The plan's 2, never the engine's item cap (issue 32: 'LIMIT 100' beside '2 of 2').
    expect(summary.querySelector('[data-summary="cap"]')!.textContent).toBe('2');
    expect(screen.getByRole('link', { name: 'Back to Ticket System' }).getAttribute('href')).toBe(`/manage/${GUILD}/tickets`);
  });

  it("says 'No limit' in the summary on a plan without one; the server's cap is named only once reached", async () => {
    fakePanelsApi({ cap: 1, planLimit: UNLIMITED_PANELS, items: [{ id: 'a', version: 1, item: panel({ title: 'Support' }) }] });
    renderPanels();
    await screen.findByText('Support');
    expect(document.querySelector('[data-summary="cap"]')!.textContent).toBe('No limit');
    screen.getByText('This server has the most panels allowed (1). Delete one to create another.');
  });

  it('shows a card per panel with its badge, button, colour, channel and created date; deployed ones offer Redeploy', async () => {
    fakePanelsApi({
      items: [
        { id: 'a', version: 1, item: panel({ title: 'Support', description: 'Ask us anything', color: '#F04747' }) },
        {
          id: 'b',
          version: 3,
          item: panel({ title: 'Billing', button_label: 'Open billing', message_id: '500000000000000009', deployed: true }),
        },
      ],
    });
    renderPanels();
    const support = await screen.findByRole('article', { name: 'Support' });
    within(support).getByText('Draft');
    within(support).getByText('Ask us anything');
    within(support).getByText('#F04747');
    within(support).getByText('Create Ticket');
    within(support).getByText(new Date('2026-11-01T10:00:00.000Z').toLocaleDateString());
    await within(support).findByText('#general');
    within(support).getByRole('button', { name: 'Deploy Support' });
    const billing = card('Billing');
    within(billing).getByText('Deployed');
    within(billing).getByText('Open billing');
    within(billing).getByRole('button', { name: 'Redeploy Billing' });
    expect(document.querySelector('[data-summary="total"]')!.textContent).toBe('2');
    expect(document.querySelector('[data-summary="deployed"]')!.textContent).toBe('1');
  });

  it("says 'Failed to load ticket panels' when the list cannot be read, and Try again reads it again", async () => {
    const server = fakePanelsApi({ items: [{ id: 'a', version: 1, item: panel({ title: 'Support' }) }] });
    server.answers.list.push({ status: 502, body: { success: false, error: 'Discord is not answering' } });
    renderPanels();
    const alert = await screen.findByText('Failed to load ticket panels');
    const box = alert.closest('[role="alert"]') as HTMLElement;
    within(box).getByText('Discord is not answering');
    await userEvent.setup().click(within(box).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('article', { name: 'Support' });
  });

  it("says 'Failed to load channels and categories' when the channels cannot be read, with a retry", async () => {
    const server = fakePanelsApi();
    server.answers.channels.push({ status: 500, body: { success: false, error: 'boom' } });
    renderPanels();
    const title = await screen.findByText('Failed to load channels and categories');
    await userEvent.setup().click(within(title.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByText('Failed to load channels and categories')).toBeNull());
  });

  it("duplicates a panel as '{title} (Copy)', a draft, and says so", async () => {
    const server = fakePanelsApi({
      items: [{ id: 'a', version: 1, item: panel({ title: 'Support', message_id: '500000000000000009', deployed: true }) }],
    });
    renderPanels();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Duplicate Support' }));
    const copy = await screen.findByRole('article', { name: 'Support (Copy)' });
    within(copy).getByText('Draft');
    expect(screen.getByRole('status').textContent).toContain('Panel duplicated successfully!');
    expect(server.writes().map((c) => `${c.method} ${c.path}`)).toEqual([`POST /api/guild/${GUILD}/collections/panels/a/duplicate`]);
  });

  it("says 'Failed to duplicate panel' with the reason when the server refuses", async () => {
    const server = fakePanelsApi({ items: [{ id: 'a', version: 1, item: panel({ title: 'Support' }) }] });
    server.answers.duplicate.push({
      status: 409,
      body: { success: false, error: 'This server already has the most ticket panels allowed (1).' },
    });
    renderPanels();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Duplicate Support' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Failed to duplicate panel: This server already has the most ticket panels allowed (1).',
    );
  });

  it('asks before deleting, saying it cannot be undone; Cancel keeps the panel, Delete removes it', async () => {
    const server = fakePanelsApi({ items: [{ id: 'a', version: 1, item: panel({ title: 'Support' }) }] });
    renderPanels();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Support' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Delete this panel?' });
    within(dialog).getByText(/This cannot be undone\./);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.writes()).toEqual([]);
    card('Support');
    await user.click(screen.getByRole('button', { name: 'Delete Support' }));
    dialog = screen.getByRole('alertdialog', { name: 'Delete this panel?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('No panels created yet');
    expect(screen.getByRole('status').textContent).toContain('Panel deleted successfully!');
    expect(server.writes().map((c) => c.method)).toEqual(['DELETE']);
  });

  it('deploys from the card with its channel and shows it Deployed; Deploy is disabled for a panel without a channel', async () => {
    const noChannel = panel({ title: 'Orphan' }) as Partial<ReturnType<typeof panel>>;
    delete noChannel.channel_id;
    const server = fakePanelsApi({
      items: [
        { id: 'a', version: 1, item: panel({ title: 'Support' }) },
        { id: 'b', version: 1, item: noChannel as ReturnType<typeof panel> },
      ],
    });
    renderPanels();
    const orphanDeploy = await screen.findByRole('button', { name: 'Deploy Orphan' });
    expect((orphanDeploy as HTMLButtonElement).disabled).toBe(true);
    within(card('Orphan')).getByText('Panel must have a channel assigned before deployment');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Deploy Support' }));
    await within(card('Support')).findByText('Deployed');
    expect(screen.getByRole('status').textContent).toContain('Panel deployed successfully!');
    screen.getByRole('button', { name: 'Redeploy Support' });
    const deploy = server.writes()[0]!;
    expect(deploy.path).toBe(`/api/guild/${GUILD}/tickets/panels/a/deploy`);
    expect(deploy.body).toEqual({ channelId: GENERAL });
  });

  it("says 'Failed to deploy panel' with Discord's reason on a 502", async () => {
    const server = fakePanelsApi({ items: [{ id: 'a', version: 1, item: panel({ title: 'Support' }) }] });
    server.answers.deploy.push({ status: 502, body: { success: false, error: 'Missing Access' } });
    renderPanels();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Deploy Support' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to deploy panel: Missing Access');
    within(card('Support')).getByText('Draft');
  });

  it('previews a panel as Discord shows it, with its title, button label, colour and status', async () => {
    fakePanelsApi({ items: [{ id: 'a', version: 1, item: panel({ title: 'Support', description: '', color: '#1ABC9C' }) }] });
    renderPanels();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Preview Support' }));
    const dialog = screen.getByRole('dialog', { name: 'Panel Preview' });
    const embed = within(dialog).getByRole('article', { name: 'Embed: Support' });
    // An empty description shows the spec's preview fallback; the bot is 'Discord Bot'.
    within(embed).getByText('Click the button below to create a support ticket');
    within(dialog).getByText('Discord Bot');
    within(dialog).getByText('🎫 Create Ticket');
    within(dialog).getByText('#1ABC9C');
    within(dialog).getByText('Draft');
  });
});
