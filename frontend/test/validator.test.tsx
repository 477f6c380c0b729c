// The form engine's if/then handling: RJSF evaluates each `if` of a section's schema through the validators the
// generator precompiled into the section's module (`conditions`), draws the `then` branch when the data satisfies it,
// and the schema's cross-field rule ("an enabled greeting needs a channel") lands on its field.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createSchemaUtils, hashForSchema, type RJSFSchema } from '@rjsf/utils';
import { sectionModules } from '@guildhall/generated/section-modules';
import * as greeting from '@guildhall/generated/sections/greeting.js';
import type { GreetingSettings, SectionName } from '@guildhall/generated/types';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EngineForm } from '../src/form/EngineForm';
import { validatorFor } from '../src/form/validator';

const GUILD_ID = '1100000000000000001';
const CHANNEL_ID = '1200000000000000001';

beforeEach(() => {
  // The channel select asks the server for the guild's channels.
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ success: true, channels: [{ id: CHANNEL_ID, name: 'general', type: 0 }] }), { status: 200 }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const greetingDefaults = () => structuredClone(greeting.defaults) as GreetingSettings;

function renderGreeting(formData: unknown) {
  const onSubmit = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <EngineForm form={greeting} formData={formData} formContext={{ guildId: GUILD_ID }} onSubmit={onSubmit}>
        <button type="submit">Save</button>
      </EngineForm>
    </QueryClientProvider>,
  );
  return { onSubmit, submit: () => fireEvent.click(screen.getByRole('button', { name: 'Save' })) };
}

/** The field wrapper of a labelled control, where the engine's FieldTemplate puts the field's errors. */
const fieldOf = (label: string) => screen.getByLabelText(label, { exact: false }).closest('[class*="mb-5"]') as HTMLElement;

describe('validatorFor: if/then through precompiled conditions', () => {
  it("has a precompiled validator for every if of every section, as RJSF hashes it, in the section's own module", async () => {
    let found = 0;
    for (const name of Object.keys(sectionModules) as SectionName[]) {
      const form = await sectionModules[name]();
      const root = createSchemaUtils(undefined as never, form.schema as RJSFSchema).getRootSchema();
      const ifs: unknown[] = [];
      JSON.stringify(root, (key, value) => (key === 'if' && value && typeof value === 'object' ? (ifs.push(value), value) : value));
      for (const condition of ifs) expect(form.conditions[hashForSchema(condition as RJSFSchema)], name).toBeTypeOf('function');
      // Nothing but its own: a condition no `if` of this schema hashes to would be another section's code.
      const hashes = new Set(ifs.map((condition) => hashForSchema(condition as RJSFSchema)));
      expect(
        Object.keys(form.conditions).filter((hash) => !hashes.has(hash)),
        name,
      ).toEqual([]);
      found += ifs.length;
    }
    expect(found).toBeGreaterThan(0);
  });

  it('draws the then branch for a document that satisfies the if, and the base schema otherwise', () => {
    const validator = validatorFor(greeting);
    const root = createSchemaUtils(undefined as never, greeting.schema as RJSFSchema).getRootSchema();
    const utils = createSchemaUtils(validator, root);
    const enabled = greetingDefaults();
    enabled.welcome.enabled = true;
    const drawn = utils.retrieveSchema(root.properties!.welcome as RJSFSchema, enabled.welcome);
    expect(drawn.required).toEqual(['channel']);
    expect((drawn.properties!.channel as RJSFSchema).type).toBe('string');
    const base = utils.retrieveSchema(root.properties!.welcome as RJSFSchema, greetingDefaults().welcome);
    expect(base.required).toBeUndefined();
    expect((base.properties!.channel as RJSFSchema).type).toEqual(['string', 'null']); // the channel reference's own type
  });

  it('says "Please select a channel" at the channel of an enabled welcome without one, and does not save', async () => {
    const data = greetingDefaults();
    data.welcome.enabled = true;
    const { onSubmit, submit } = renderGreeting(data);
    submit();
    await waitFor(() =>
      expect(fieldOf('Welcome channel')).toHaveProperty('textContent', expect.stringContaining('Please select a channel')),
    );
    expect(fieldOf('Farewell channel').textContent).not.toContain('Please select a channel');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('gives no error for a disabled welcome without a channel, and saves', async () => {
    const { onSubmit, submit } = renderGreeting(greetingDefaults());
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('Please select a channel')).toBeNull();
  });

  it('saves an enabled welcome once a channel is chosen', async () => {
    const data = greetingDefaults();
    data.welcome.enabled = true;
    data.welcome.channel = CHANNEL_ID;
    const { onSubmit, submit } = renderGreeting(data);
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('Please select a channel')).toBeNull();
  });
});
