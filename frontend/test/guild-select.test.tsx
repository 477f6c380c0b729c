// The select behind the channel and role widgets: a stored id the guild no longer has (a channel deleted on Discord
// since it was saved) stays the value, shown as unknown with what to do, rather than silently changing (issue 24).
import type { WidgetProps } from '@rjsf/utils';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GuildSelect } from '../src/form/widgets/guild-select';

const channels = [{ id: '1100000000000010106', name: 'general' }];

function renderSelect(value: string | null) {
  const widget = {
    id: 'root_modlog_channel',
    value,
    onChange: vi.fn(),
    onBlur: vi.fn(),
    onFocus: vi.fn(),
    rawErrors: [],
  } as unknown as WidgetProps;
  render(
    <GuildSelect
      widget={widget}
      objects={{ data: channels, isPending: false, isError: false, refetch: () => undefined }}
      choices={(list) => list.map((c) => ({ id: c.id, label: `#${c.name}` }))}
      noun="channels"
      emptyLabel="Select a channel"
    />,
  );
}

afterEach(cleanup);

describe('a stored channel the server no longer has', () => {
  it('stays selected as "Unknown channel" and says to pick another', () => {
    renderSelect('1100000000000099999');
    const select = screen.getByRole('combobox') as HTMLSelectElement;
    expect(select.value).toBe('1100000000000099999');
    screen.getByRole('option', { name: 'Unknown channel (1100000000000099999)' });
    expect(screen.getByRole('note').textContent).toContain('This channel is not in this server any more. Pick another');
  });

  it('says nothing of the kind for one of the server’s channels', () => {
    renderSelect('1100000000000010106');
    expect(screen.queryByRole('option', { name: /Unknown channel/ })).toBeNull();
    expect(screen.queryByRole('note')).toBeNull();
  });
});

describe("the guild's objects could not be loaded", () => {
  it('says so as an alert naming them, and Retry loads them again', () => {
    const refetch = vi.fn();
    const widget = { id: 'root_modlog_channel', value: null, onChange: vi.fn(), onBlur: vi.fn(), onFocus: vi.fn(), rawErrors: [] };
    render(
      <GuildSelect
        widget={widget as unknown as WidgetProps}
        objects={{ data: undefined, isPending: false, isError: true, refetch }}
        choices={(list: typeof channels) => list.map((c) => ({ id: c.id, label: `#${c.name}` }))}
        noun="channels"
        emptyLabel="Select a channel"
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe("Could not load the server's channels. Retry");
    screen.getByRole('button', { name: 'Retry' }).click();
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
