import { publishedSchemas, schemasById } from '@guildhall/generated/schemas';
import { describe, expect, it } from 'vitest';
import { humanise, schemaLabel } from '../src/schema-labels.js';

const schema = {
  $id: 'https://guildhall.dev/schemas/settings/example.json',
  title: 'Example settings',
  type: 'object',
  properties: {
    welcome: {
      title: 'Welcome',
      type: 'object',
      properties: {
        channel: { $ref: '#/$defs/Channel' },
        named_channel: { title: 'Welcome channel', $ref: '#/$defs/Channel' },
        log_channel_id: { type: 'string' },
      },
    },
    modules: {
      type: 'object',
      additionalProperties: { $ref: '#/$defs/Module' },
    },
    roles: { title: 'Roles', type: 'array', items: { title: 'Role', type: 'string' } },
    shared: { $ref: 'https://guildhall.dev/schemas/common/shared.json#/$defs/Thing' },
    either: { anyOf: [{ type: 'null' }, { type: 'object', properties: { inner: { title: 'Inner value' } } }] },
  },
  $defs: {
    Channel: { title: 'Channel', type: 'string' },
    Module: { title: 'Module', type: 'object', properties: { enabled: { title: 'Enabled' } } },
  },
};
const lookup = (id: string) =>
  id === 'https://guildhall.dev/schemas/common/shared.json' ? { $defs: { Thing: { title: 'Shared thing' } } } : undefined;

describe('schemaLabel: the titles along a JSON Pointer', () => {
  it('joins the titles of each step with " › "', () => {
    expect(schemaLabel(schema, '/welcome/named_channel')).toBe('Welcome › Welcome channel');
  });

  it("takes a referenced schema's title when the property has none, and the property's own first", () => {
    expect(schemaLabel(schema, '/welcome/channel')).toBe('Welcome › Channel');
    expect(schemaLabel(schema, '/shared', lookup)).toBe('Shared thing');
  });

  it('humanises the name of a property without a title, and of a place the schema does not know', () => {
    expect(schemaLabel(schema, '/welcome/log_channel_id')).toBe('Welcome › Log channel id');
    expect(schemaLabel(schema, '/modules')).toBe('Modules');
    expect(schemaLabel(schema, '/nowhere/deeper')).toBe('Nowhere › Deeper');
    expect(schemaLabel(schema, '/shared')).toBe('Shared');
  });

  it('follows additionalProperties, array items, combinators and escaped tokens', () => {
    expect(schemaLabel(schema, '/modules/anti~1ban/enabled')).toBe('Modules › Module › Enabled');
    expect(schemaLabel(schema, '/roles/2')).toBe('Roles › Role');
    expect(schemaLabel(schema, '/either/inner')).toBe('Either › Inner value');
  });

  it("names the whole document by the schema's title", () => {
    expect(schemaLabel(schema, '')).toBe('Example settings');
  });

  it('reads the published settings schemas', () => {
    const greeting = publishedSchemas.greeting;
    expect(schemaLabel(greeting, '/welcome/channel', (id) => schemasById[id])).toBe('Welcome Message › Welcome channel');
  });
});

describe('humanise', () => {
  it('turns snake, kebab and camel case into a sentence-case phrase', () => {
    expect(humanise('log_channel')).toBe('Log channel');
    expect(humanise('logChannel')).toBe('Log channel');
    expect(humanise('anti-ban')).toBe('Anti ban');
    expect(humanise('')).toBe('');
  });
});
