import { pointerTokens } from '@guildhall/common/json-patch';
import { acceptsNull, applicable, childSchemas, type FoundReference, type Schema } from './schema-walk.js';

/** What becomes of one source id in the target: another id, or null (the reference is cleared). */
export type Mapped = string | null;

/**
 * The document with each reference replaced as `mapped` says (ids it does not name stay). A cleared value becomes null
 * where its schema allows null (a channel reference); else the list item holding it goes (a role of a list, a ticket
 * category); a cleared map key takes its entry with it (a role's ticket limit).
 */
export function applyMapping(
  root: Schema,
  doc: Record<string, unknown>,
  references: readonly FoundReference[],
  mapped: (ref: FoundReference) => Mapped | undefined,
): Record<string, unknown> {
  const copy = structuredClone(doc);
  const removals: { list: unknown[]; index: number }[] = [];
  for (const ref of references) {
    const to = mapped(ref);
    if (to === undefined || to === ref.id) continue;
    const tokens = pointerTokens(ref.path);
    const { parent, key } = locate(copy, tokens);
    if (ref.key) {
      const entries = parent as Record<string, unknown>;
      const value = entries[key];
      delete entries[key];
      if (to !== null) entries[to] = value;
      continue;
    }
    if (to !== null) {
      (parent as Record<string, unknown>)[key] = to;
      continue;
    }
    if (acceptsNull(schemasAt(root, tokens))) {
      (parent as Record<string, unknown>)[key] = null;
      continue;
    }
    // Not nullable: the nearest list item holding it goes.
    for (let depth = tokens.length - 1; depth >= 0; depth -= 1) {
      const holder = locate(copy, tokens.slice(0, depth + 1));
      if (Array.isArray(holder.parent)) {
        removals.push({ list: holder.parent, index: Number(holder.key) });
        break;
      }
    }
  }
  // Highest index first, so earlier removals do not move later ones; each item once.
  const byList = new Map<unknown[], Set<number>>();
  for (const { list, index } of removals) byList.set(list, (byList.get(list) ?? new Set()).add(index));
  for (const [list, indexes] of byList) for (const index of [...indexes].sort((a, b) => b - a)) list.splice(index, 1);
  return copy;
}

function locate(doc: unknown, tokens: readonly string[]): { parent: unknown; key: string } {
  let parent: unknown = doc;
  for (const token of tokens.slice(0, -1)) parent = (parent as Record<string, unknown>)[token];
  return { parent, key: tokens[tokens.length - 1]! };
}

function schemasAt(root: Schema, tokens: readonly string[]): Schema[] {
  let schemas = applicable(root, root);
  for (const token of tokens) {
    const key = /^(0|[1-9][0-9]*)$/.test(token) && schemas.some((s) => s.items || s.prefixItems) ? Number(token) : token;
    schemas = childSchemas(schemas, key, root);
  }
  return schemas;
}
