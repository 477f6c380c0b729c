import { describe, expect, it } from 'vitest';
import { applyPatch, changesOf, diff, invert, valueAt } from '../src/json-patch.js';

const v1 = { prefix: '.', invite: { tracking: false }, roles: ['1'], gone: 'x' };
const v2 = { prefix: '!', invite: { tracking: true }, roles: ['1', '2'], added: 5 };

describe('JSON Patch of settings versions', () => {
  it('records each changed field with a test of its old value, arrays whole, objects key by key', () => {
    expect(diff(v1, v2)).toEqual([
      { op: 'test', path: '/prefix', value: '.' },
      { op: 'replace', path: '/prefix', value: '!' },
      { op: 'test', path: '/invite/tracking', value: false },
      { op: 'replace', path: '/invite/tracking', value: true },
      { op: 'test', path: '/roles', value: ['1'] },
      { op: 'replace', path: '/roles', value: ['1', '2'] },
      { op: 'add', path: '/added', value: 5 },
      { op: 'test', path: '/gone', value: 'x' },
      { op: 'remove', path: '/gone' },
    ]);
    expect(diff(v1, structuredClone(v1))).toEqual([]);
    expect(diff({ 'a/b': 1, 'c~': 1 }, { 'a/b': 2, 'c~': 1 })).toEqual([
      { op: 'test', path: '/a~1b', value: 1 },
      { op: 'replace', path: '/a~1b', value: 2 },
    ]);
  });

  it('lists the changes with before and after, and applies forward and inverted', () => {
    const patch = diff(v1, v2);
    expect(changesOf(patch)).toContainEqual({ path: '/added', before: undefined, after: 5 });
    const forward = applyPatch(v1, patch);
    expect(forward).toEqual({ ok: true, document: v2 });
    const back = applyPatch(v2, invert(patch));
    expect(back).toEqual({ ok: true, document: v1 });
  });

  it('reverting over a later change of another field applies cleanly and keeps that change', () => {
    const patch = diff(v1, v2);
    const later = { ...v2, invite: { tracking: true }, extra: 'later' };
    const reverted = applyPatch(later, invert(diff(v1, { ...v1, prefix: '!' })));
    expect(reverted.ok && valueAt(reverted.document, '/prefix')).toBe('.');
    expect(reverted.ok && valueAt(reverted.document, '/extra')).toBe('later');
    expect(patch.length).toBeGreaterThan(0);
  });

  it('names the fields a later change touched as conflicts, and applies nothing until each is settled', () => {
    const change = diff({ prefix: '.', a: 1 }, { prefix: '!', a: 2 });
    const now = { prefix: '?', a: 2 };
    const result = applyPatch(now, invert(change));
    expect(result).toEqual({ ok: false, conflicts: [{ path: '/prefix', expected: '!', actual: '?', proposed: '.' }] });
    expect(applyPatch(now, invert(change), () => 'keep')).toEqual({ ok: true, document: { prefix: '?', a: 1 } });
    expect(applyPatch(now, invert(change), () => 'apply')).toEqual({ ok: true, document: { prefix: '.', a: 1 } });
  });

  it('does not change the document it was given', () => {
    const doc = structuredClone(v1);
    applyPatch(doc, diff(v1, v2));
    expect(doc).toEqual(v1);
  });
});
