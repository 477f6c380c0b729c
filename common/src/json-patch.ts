/**
 * Changes between two versions of a settings document as RFC 6902 JSON Patch, for the history of every section and
 * collection item. Each changed place is a `test` of its old value followed by the operation that writes the new one,
 * so a patch also says what it found: inverted, it undoes exactly that change, and applied to a document that moved
 * on since, its `test`s name the places where a later change is in the way (the revert's conflicts).
 *
 * Objects are compared key by key; arrays and scalars are compared whole (a list of ids is one field to a person).
 */

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export type PatchOperation =
  | { op: 'test'; path: string; value: JsonValue }
  | { op: 'add'; path: string; value: JsonValue }
  | { op: 'replace'; path: string; value: JsonValue }
  | { op: 'remove'; path: string };

/** One changed place of a patch: its pointer, and the value before and after (undefined: absent). */
export interface FieldChange {
  path: string;
  before: JsonValue | undefined;
  after: JsonValue | undefined;
}

/** A place where the document no longer holds what the patch expects. */
export interface PatchConflict {
  path: string;
  /** What the patch expects there (undefined: absent). */
  expected: JsonValue | undefined;
  /** What the document holds (undefined: absent). */
  actual: JsonValue | undefined;
  /** What the patch would write (undefined: remove). */
  proposed: JsonValue | undefined;
}

const isObject = (value: unknown): value is Record<string, JsonValue> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const escapePointer = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');
const unescapePointer = (token: string) => token.replace(/~1/g, '/').replace(/~0/g, '~');

export function pointerTokens(path: string): string[] {
  if (path === '') return [];
  if (!path.startsWith('/')) throw new SyntaxError(`Not a JSON Pointer: ${path}`);
  return path.slice(1).split('/').map(unescapePointer);
}

/** Deep equality of JSON values (key order ignored). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => jsonEqual(item, b[index]));
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((key) => Object.hasOwn(b, key) && jsonEqual(a[key], b[key]));
  }
  return false;
}

/** The field changes from `before` to `after` (objects key by key, in `after`'s key order, then removed keys). */
export function fieldChanges(before: unknown, after: unknown, path = ''): FieldChange[] {
  if (jsonEqual(before, after)) return [];
  if (isObject(before) && isObject(after)) {
    const changes: FieldChange[] = [];
    for (const key of Object.keys(after)) changes.push(...fieldChanges(before[key], after[key], `${path}/${escapePointer(key)}`));
    for (const key of Object.keys(before)) {
      if (!Object.hasOwn(after, key)) changes.push({ path: `${path}/${escapePointer(key)}`, before: before[key], after: undefined });
    }
    return changes;
  }
  return [{ path, before: before as JsonValue | undefined, after: after as JsonValue | undefined }];
}

/** The JSON Patch from `before` to `after`: per changed place, a test of the old value and the write of the new. */
export function diff(before: unknown, after: unknown): PatchOperation[] {
  return fieldChanges(before ?? {}, after ?? {}).flatMap(toOperations);
}

/** The operations that make one field change: the test of its old value, then its write (nothing when both are absent). */
export function toOperations({ path, before, after }: FieldChange): PatchOperation[] {
  if (before === undefined) return after === undefined ? [] : [{ op: 'add', path, value: after }];
  if (after === undefined)
    return [
      { op: 'test', path, value: before },
      { op: 'remove', path },
    ];
  return [
    { op: 'test', path, value: before },
    { op: 'replace', path, value: after },
  ];
}

/** The changed places a patch made by `diff` records, with their values before and after. */
export function changesOf(patch: readonly PatchOperation[]): FieldChange[] {
  const changes: FieldChange[] = [];
  let tested: { path: string; value: JsonValue } | undefined;
  for (const operation of patch) {
    if (operation.op === 'test') {
      tested = { path: operation.path, value: operation.value };
      continue;
    }
    const before = tested?.path === operation.path ? tested.value : undefined;
    changes.push({ path: operation.path, before, after: operation.op === 'remove' ? undefined : operation.value });
    tested = undefined;
  }
  return changes;
}

/** The patch that undoes `patch`: each place's new value becomes the one tested, its old value the one written. */
export function invert(patch: readonly PatchOperation[]): PatchOperation[] {
  return changesOf(patch).flatMap(({ path, before, after }) => toOperations({ path, before: after, after: before }));
}

function read(doc: unknown, tokens: string[]): JsonValue | undefined {
  let node: unknown = doc;
  for (const token of tokens) {
    if (Array.isArray(node) && /^(0|[1-9][0-9]*)$/.test(token)) node = node[Number(token)];
    else if (isObject(node) && Object.hasOwn(node, token)) node = node[token];
    else return undefined;
  }
  return node as JsonValue | undefined;
}

/** The document's value at a JSON Pointer (undefined when absent). */
export function valueAt(doc: unknown, path: string): JsonValue | undefined {
  return read(doc, pointerTokens(path));
}

/**
 * Applies a patch made by `diff` (or `invert`) to a copy of `doc`. Every changed place whose `test` fails (or, for an
 * add, that already holds another value) is a conflict; `resolve` may settle one: 'keep' leaves the document's value,
 * 'apply' writes the patch's value anyway. Unsettled conflicts are returned and nothing is applied.
 */
export function applyPatch(
  doc: unknown,
  patch: readonly PatchOperation[],
  resolve: (conflict: PatchConflict) => 'keep' | 'apply' | undefined = () => undefined,
): { ok: true; document: JsonValue } | { ok: false; conflicts: PatchConflict[] } {
  const result = structuredClone((doc ?? {}) as JsonValue);
  const conflicts: PatchConflict[] = [];
  const writes: FieldChange[] = [];
  for (const change of changesOf(patch)) {
    const actual = valueAt(result, change.path);
    if (!jsonEqual(actual, change.before) && !jsonEqual(actual, change.after)) {
      const conflict: PatchConflict = { path: change.path, expected: change.before, actual, proposed: change.after };
      const choice = resolve(conflict);
      if (choice === 'keep') continue;
      if (choice !== 'apply') {
        conflicts.push(conflict);
        continue;
      }
    }
    writes.push(change);
  }
  if (conflicts.length) return { ok: false, conflicts };
  for (const { path, after } of writes) write(result, pointerTokens(path), after);
  return { ok: true, document: result };
}

/** Sets (or, with undefined, removes) the value at `tokens`, making the objects on the way. */
function write(doc: JsonValue, tokens: string[], value: JsonValue | undefined): void {
  if (tokens.length === 0) return;
  let node: JsonValue = doc;
  for (const token of tokens.slice(0, -1)) {
    if (!isObject(node)) return;
    if (!isObject(node[token])) {
      if (value === undefined) return;
      node[token] = {};
    }
    node = node[token]!;
  }
  const last = tokens[tokens.length - 1]!;
  if (!isObject(node)) return;
  if (value === undefined) delete node[last];
  else node[last] = structuredClone(value);
}
