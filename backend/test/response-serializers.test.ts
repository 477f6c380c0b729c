import { sections } from '@guildhall/generated/sections';
import { describe, expect, it } from 'vitest';
import { settingsSerializers } from '../src/http/response-serializers.js';

describe('settings answers written from the published response schemas', () => {
  const serializers = settingsSerializers();

  it('has a serializer for every settings section the OpenAPI document names', () => {
    expect([...serializers.keys()]).toEqual(expect.arrayContaining(['basic', 'moderation', 'antinuke', 'joindms']));
  });

  it('writes what the contract describes, and never a property it does not publish', () => {
    const answer = {
      success: true,
      section: 'moderation',
      version: 4,
      settings: { ...sections.moderation.defaults, internalNote: 'not published' },
      secret: 'not published either',
    };
    const written = JSON.parse(serializers.get('moderation')!(answer));
    expect(written).toEqual({
      success: true,
      section: 'moderation',
      version: 4,
      settings: sections.moderation.defaults,
    });
  });
});
