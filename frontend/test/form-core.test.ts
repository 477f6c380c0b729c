// The engine's framework-free rules that the AntiNuke page relies on, generic over any section.
import type { UiSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { applyAccess, DEFAULT_LOCK_TEXT } from '../src/form/core/access';
import { applyVisibility, valueAt } from '../src/form/core/visibility';

describe('visibleIf', () => {
  const ui: UiSchema = {
    switches: { a: { 'ui:widget': 'toggle' } },
    details: {
      a: { 'ui:widget': 'select', 'ui:options': { visibleIf: { '/switches/a': true } } },
      b: { 'ui:widget': 'select', 'ui:options': { visibleIf: { mode: ['x', 'y'] } } },
    },
  };

  it('follows a field elsewhere by JSON Pointer, in nested objects', () => {
    expect((applyVisibility(ui, { switches: { a: false } }).details as UiSchema).a['ui:widget']).toBe('hidden');
    expect((applyVisibility(ui, { switches: { a: true } }).details as UiSchema).a['ui:widget']).toBe('select');
  });

  it('accepts one of several values for a sibling', () => {
    expect((applyVisibility(ui, { details: { mode: 'y' } }).details as UiSchema).b['ui:widget']).toBe('select');
    expect((applyVisibility(ui, { details: { mode: 'z' } }).details as UiSchema).b['ui:widget']).toBe('hidden');
  });

  it('reads JSON Pointers with escaped names', () => {
    expect(valueAt({ 'a/b': { '~c': 1 } }, '/a~1b/~0c')).toBe(1);
    expect(valueAt({ a: null }, '/a/b')).toBeUndefined();
  });
});

describe('x-access', () => {
  const schema = {
    properties: { enabled: { 'x-access': 'editSettings' }, owners: { 'x-access': 'manageOwners' }, free: {} },
  };
  const ui: UiSchema = { enabled: { 'ui:widget': 'toggle' } };

  it('locks what the caller lacks, with the reason the server gave or the default one', () => {
    const locked = applyAccess(schema, ui, { editSettings: false, manageOwners: false }, { manageOwners: 'Only the owner' });
    expect(locked.enabled).toEqual({ 'ui:widget': 'toggle', 'ui:readonly': true, 'ui:options': { locked: DEFAULT_LOCK_TEXT } });
    expect(locked.owners).toEqual({ 'ui:readonly': true, 'ui:options': { locked: 'Only the owner' } });
    expect(locked.free).toBeUndefined();
  });

  it('leaves the form alone when the caller has every capability, or none is reported', () => {
    expect(applyAccess(schema, ui, { editSettings: true, manageOwners: true })).toBe(ui);
    expect(applyAccess(schema, ui, undefined)).toBe(ui);
  });
});
