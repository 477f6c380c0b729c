// The image-upload widget (x-ui widget `image-upload`: the Bot Personalizer's avatar and banner) as a person uses it,
// inside the generated personalizer form, over a fake of the upload and settings routes: a file picked with the button
// or dropped is uploaded as base64, the thumbnail comes from our storage, the server's refusal shows under the field,
// Remove empties it, and the button works from the keyboard.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SchemaForm } from '../src/form/SchemaForm';
import { fakePersonalizerApi, GUILD, IMAGE_A, IMAGE_B } from './support/personalizer-api';

const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const pngFile = (name = 'bot.png') => new File([PNG_BYTES], name, { type: 'image/png' });
const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

async function renderForm(options: Parameters<typeof fakePersonalizerApi>[0] = {}) {
  const calls = fakePersonalizerApi(options);
  const user = userEvent.setup();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SchemaForm guildId={GUILD} section="personalizer" />
    </QueryClientProvider>,
  );
  // The widget is a form part of its own (src/form/parts.ts), drawn once loaded.
  await screen.findAllByRole('button', { name: /image for Avatar$/ });
  return { calls, user };
}

const field = (name: 'avatar' | 'banner') => document.querySelector(`[data-image-upload="${name}"]`) as HTMLElement;
const fileInput = (name: 'avatar' | 'banner') => document.querySelector(`[data-image-file="${name}"]`) as HTMLInputElement;
const uploads = (calls: ReturnType<typeof fakePersonalizerApi>) => calls.filter((c) => c.method === 'POST' && c.path.includes('/images/'));
const saves = (calls: ReturnType<typeof fakePersonalizerApi>) => calls.filter((c) => c.method === 'PUT');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('an image field (avatar, banner)', () => {
  it('uploads a picked file as base64 to its field, shows it from our storage with its size and dimensions, and saves its id', async () => {
    const { calls, user } = await renderForm();
    const avatar = field('avatar');
    expect(within(avatar).queryByRole('img')).toBeNull();
    expect(fileInput('avatar').accept).toBe('image/png,image/jpeg,image/gif');

    await user.upload(fileInput('avatar'), pngFile());
    const thumbnail = await within(avatar).findByRole('img', { name: 'Avatar: the uploaded image' });
    expect(thumbnail.getAttribute('src')).toBe(`/api/guild/${GUILD}/images/${IMAGE_A}`);
    expect(within(avatar).getByText('PNG · 128×128 · 1.2 KB')).toBeTruthy();
    expect(uploads(calls)).toEqual([
      {
        method: 'POST',
        path: `/api/guild/${GUILD}/settings/personalizer/images/avatar`,
        body: { fileName: 'bot.png', data: base64(PNG_BYTES) },
      },
    ]);

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]!.body).toMatchObject({ version: 2, settings: { avatar: IMAGE_A, banner: '' } });
  });

  it("shows the server's refusal under the field, in the server's words, and keeps the field as it was", async () => {
    const refusal = 'The avatar must be between 64×64 and 4096×4096 pixels; this image is 16×16';
    const { calls, user } = await renderForm({
      upload: { status: 400, body: { success: false, error: 'Validation failed', fieldErrors: [{ path: '/data', message: refusal }] } },
    });
    await user.upload(fileInput('avatar'), pngFile('tiny.png'));
    const alert = await within(field('avatar')).findByRole('alert');
    expect(alert.textContent).toBe(refusal);
    expect(screen.getByRole('button', { name: 'Choose image for Avatar' }).getAttribute('aria-describedby')).toContain(alert.id);
    expect(within(field('avatar')).queryByRole('img')).toBeNull();
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    expect(uploads(calls)).toHaveLength(1);
  });

  it("says a refusal without field errors in the error's words (a 413 from the body limit)", async () => {
    const { user } = await renderForm({ upload: { status: 413, body: { success: false, error: 'This file is too large' } } });
    await user.upload(fileInput('banner'), pngFile('huge.png'));
    expect((await within(field('banner')).findByRole('alert')).textContent).toBe('This file is too large');
  });

  it('Remove empties the field (the global image), and Save stores the empty value', async () => {
    const { calls, user } = await renderForm({ settings: { avatar: IMAGE_B } });
    const avatar = field('avatar');
    expect(within(avatar).getByRole('img').getAttribute('src')).toBe(`/api/guild/${GUILD}/images/${IMAGE_B}`);
    await user.click(within(avatar).getByRole('button', { name: 'Remove image for Avatar' }));
    expect(within(avatar).queryByRole('img')).toBeNull();
    await screen.findByText('Unsaved changes');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]!.body).toMatchObject({ settings: { avatar: '' } });
  });

  it('opens the file picker from the keyboard: the button is reached with Tab and pressed with Enter or Space', async () => {
    const { user } = await renderForm();
    const opened = vi.spyOn(HTMLInputElement.prototype, 'click');
    const choose = screen.getByRole('button', { name: 'Choose image for Avatar' });
    // The label names the field: its click lands on the button too.
    expect((screen.getByText('Avatar', { selector: 'label' }) as HTMLLabelElement).htmlFor).toBe(choose.id);
    screen.getByLabelText('Nickname').focus();
    await user.tab();
    expect(document.activeElement).toBe(choose);
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(opened.mock.contexts.filter((input) => input === fileInput('avatar'))).toHaveLength(2);
    // The hidden input is never a stop of its own.
    expect(fileInput('avatar').tabIndex).toBe(-1);
  });

  it('uploads a file dropped on the zone', async () => {
    const { calls } = await renderForm();
    const zone = field('banner').querySelector('[data-drop-zone]')!;
    fireEvent.dragOver(zone, { dataTransfer: { files: [pngFile('wide.png')] } });
    fireEvent.drop(zone, { dataTransfer: { files: [pngFile('wide.png')] } });
    await within(field('banner')).findByRole('img', { name: 'Banner: the uploaded image' });
    expect(uploads(calls).map((c) => c.path)).toEqual([`/api/guild/${GUILD}/settings/personalizer/images/banner`]);
  });
});
