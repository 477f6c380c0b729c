// useUnsavedChanges: while an editor has unsaved changes, a link, navigate(), the browser's Back and closing the tab
// ask first (Stay focused, Escape stays, Leave goes); a move within the page, a saved or undone change asks nothing.
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { BrowserRouter, Link, MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { useUnsavedChanges } from '../src/lib/unsaved-changes';

function Editor({ onClosed }: { onClosed?: () => void }) {
  const [value, setValue] = useState('');
  const [saved, setSaved] = useState('');
  const navigate = useNavigate();
  const unsaved = useUnsavedChanges(value !== saved);
  return (
    <div>
      <h1>Editor</h1>
      <label>
        Name
        <input value={value} onChange={(e) => setValue(e.target.value)} />
      </label>
      <button type="button" onClick={() => setSaved(value)}>
        Save
      </button>
      <button type="button" onClick={() => unsaved.confirm(() => onClosed?.())}>
        Close
      </button>
      <button type="button" onClick={() => navigate('/other', { replace: true })}>
        Replace
      </button>
      <Link to="/other">Other</Link>
      <Link to="?tab=2">Second tab</Link>
      {unsaved.prompt}
    </div>
  );
}

function Where() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
}

function app(onClosed?: () => void) {
  return (
    <>
      <Routes>
        <Route path="/editor" element={<Editor onClosed={onClosed} />} />
        <Route path="/other" element={<h1>Other page</h1>} />
      </Routes>
      <Where />
    </>
  );
}

const location = () => screen.getByLabelText('location').textContent;
const question = () => screen.queryByRole('alertdialog', { name: 'Leave without saving?' });

const beforeUnloadCancelled = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

afterEach(cleanup);

describe('useUnsavedChanges under a router', () => {
  const start = (onClosed?: () => void) =>
    render(
      <MemoryRouter initialEntries={['/start', '/editor']} initialIndex={1}>
        {app(onClosed)}
      </MemoryRouter>,
    );

  it('leaves at once while nothing is changed, and the tab closes without a question', async () => {
    const user = userEvent.setup();
    start();
    expect(beforeUnloadCancelled()).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Other' }));
    expect(await screen.findByRole('heading', { name: 'Other page' })).toBeTruthy();
    expect(question()).toBeNull();
  });

  it('asks before a link leaves a change: Stay is focused and keeps the edit, Escape stays, Leave goes', async () => {
    const user = userEvent.setup();
    start();
    await user.type(screen.getByLabelText('Name'), 'draft');
    await user.click(screen.getByRole('link', { name: 'Other' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(ask.textContent).toContain('not saved');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Stay' })));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(question()).toBeNull());
    expect(location()).toBe('/editor');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('draft');

    await user.click(screen.getByRole('link', { name: 'Other' }));
    await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(question()).toBeNull());
    expect(location()).toBe('/editor');

    await user.click(screen.getByRole('link', { name: 'Other' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Other page' })).toBeTruthy();
    expect(location()).toBe('/other');
    expect(question()).toBeNull();
  });

  it('asks before navigate() replaces the page, and Leave replaces it', async () => {
    const user = userEvent.setup();
    start();
    await user.type(screen.getByLabelText('Name'), 'x');
    await user.click(screen.getByRole('button', { name: 'Replace' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Other page' })).toBeTruthy();
  });

  it('a move within the page (its search) asks nothing', async () => {
    const user = userEvent.setup();
    start();
    await user.type(screen.getByLabelText('Name'), 'x');
    await user.click(screen.getByRole('link', { name: 'Second tab' }));
    expect(location()).toBe('/editor?tab=2');
    expect(question()).toBeNull();
  });

  it('asks the browser before the tab closes while a change is unsaved, and not after Save or undoing it', async () => {
    const user = userEvent.setup();
    start();
    const name = screen.getByLabelText('Name');
    await user.type(name, 'x');
    expect(beforeUnloadCancelled()).toBe(true);
    await user.clear(name);
    expect(beforeUnloadCancelled()).toBe(false);
    await user.type(name, 'y');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(beforeUnloadCancelled()).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Other' }));
    expect(await screen.findByRole('heading', { name: 'Other page' })).toBeTruthy();
    expect(question()).toBeNull();
  });

  it("confirm() runs the editor's own way out at once when clean, and asks first when not", async () => {
    const user = userEvent.setup();
    let closed = 0;
    start(() => (closed += 1));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(closed).toBe(1);
    await user.type(screen.getByLabelText('Name'), 'x');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(closed).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(closed).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(closed).toBe(2);
  });

  it('an editor over a dirty page asks with its own words, once; when it is clean again the page asks', async () => {
    const user = userEvent.setup();
    function Inner() {
      const [value, setValue] = useState('');
      const unsaved = useUnsavedChanges(value !== '', { message: 'This panel is not saved.' });
      return (
        <>
          <input aria-label="Inner" value={value} onChange={(e) => setValue(e.target.value)} />
          {unsaved.prompt}
        </>
      );
    }
    function Page() {
      const [value, setValue] = useState('');
      const unsaved = useUnsavedChanges(value !== '');
      return (
        <>
          <input aria-label="Outer" value={value} onChange={(e) => setValue(e.target.value)} />
          <Inner />
          <Link to="/other">Other</Link>
          {unsaved.prompt}
        </>
      );
    }
    render(
      <MemoryRouter initialEntries={['/page']}>
        <Routes>
          <Route path="/page" element={<Page />} />
          <Route path="/other" element={<h1>Other page</h1>} />
        </Routes>
      </MemoryRouter>,
    );
    await user.type(screen.getByLabelText('Outer'), 'a');
    await user.type(screen.getByLabelText('Inner'), 'b');
    await user.click(screen.getByRole('link', { name: 'Other' }));
    const asks = await screen.findAllByRole('alertdialog', { name: 'Leave without saving?' });
    expect(asks).toHaveLength(1);
    expect(asks[0]!.textContent).toContain('This panel is not saved.');
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    await user.clear(screen.getByLabelText('Inner'));
    await user.click(screen.getByRole('link', { name: 'Other' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(ask.textContent).toContain('not saved. If you leave now');
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Other page' })).toBeTruthy();
  });

  it('works without a router too: beforeunload only', async () => {
    const user = userEvent.setup();
    function Bare() {
      const [value, setValue] = useState('');
      useUnsavedChanges(value !== '');
      return <input aria-label="Bare" value={value} onChange={(e) => setValue(e.target.value)} />;
    }
    render(<Bare />);
    await user.type(screen.getByLabelText('Bare'), 'x');
    expect(beforeUnloadCancelled()).toBe(true);
  });
});

describe("useUnsavedChanges and the browser's Back (BrowserRouter)", () => {
  it('Back with a change asks and stays on the page; Leave then goes back', async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, '', '/editor');
    render(<BrowserRouter>{app()}</BrowserRouter>);
    // A page before it in the app's history: go there and come back by links.
    await user.click(screen.getByRole('link', { name: 'Other' }));
    await screen.findByRole('heading', { name: 'Other page' });
    act(() => window.history.back());
    await screen.findByRole('heading', { name: 'Editor' });
    await waitFor(() => expect(window.location.pathname).toBe('/editor'));

    await user.type(screen.getByLabelText('Name'), 'draft');
    act(() => window.history.forward());
    await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await waitFor(() => expect(window.location.pathname).toBe('/editor'));
    expect(screen.getByRole('heading', { name: 'Editor' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('draft');
    expect(window.location.pathname).toBe('/editor');

    act(() => window.history.forward());
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    await screen.findByRole('heading', { name: 'Other page' });
    expect(window.location.pathname).toBe('/other');
  });
});
