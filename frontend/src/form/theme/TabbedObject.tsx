import type { ErrorSchema, ObjectFieldTemplateProps } from '@rjsf/utils';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { SchemaFormContext } from '../core/form-context';
import { formPartsOf } from '../core/form-parts';
import { loadFormPart } from '../parts';
import { tabKeyMove } from '../../lib/tab-keys';
import { topProperty, useFieldFromUrl } from '../core/field-from-url';

export interface Group {
  id: string;
  title: string;
  description?: string;
}

function hasErrors(node: unknown): boolean {
  if (!node || typeof node !== 'object') return false;
  return Object.entries(node).some(([key, value]) => (key === '__errors' ? Array.isArray(value) && value.length > 0 : hasErrors(value)));
}

/**
 * The root object when its x-ui says `layout: 'tabs'`: ungrouped properties first, then one tab per x-ui group
 * (ARIA tabs: arrows, Home and End move between them), showing the active group's fields. The page may drive the tabs
 * and wrap a panel through the form context (`tabs`); otherwise the first tab opens and the form keeps the choice.
 * When errors appear (a refused save, the server's field errors) and none is on the open tab, the first tab holding
 * one opens, so the error is seen and focus can reach its field. Pointing at or focusing a tab fetches the form parts
 * its fields draw (AntiNuke's user lists: src/form/parts.ts), so that it opens whole.
 */
export function TabbedObject({
  properties,
  schema,
  uiSchema,
  groups,
  groupOf,
  registry,
  errorSchema,
}: Pick<ObjectFieldTemplateProps, 'properties' | 'schema' | 'uiSchema' | 'registry' | 'errorSchema'> & {
  groups: Group[];
  groupOf(name: string): string | undefined;
}) {
  const driven = (registry.formContext as SchemaFormContext | undefined)?.tabs;
  const [own, setOwn] = useState(groups[0]?.id ?? '');
  const active = groups.some((g) => g.id === driven?.active) ? driven!.active : groups.some((g) => g.id === own) ? own : groups[0]?.id;
  const select = (id: string) => (driven ? driven.select(id) : setOwn(id));
  const base = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const current = groups.find((g) => g.id === active);

  const failing = Object.keys((errorSchema ?? {}) as ErrorSchema)
    .filter((name) => name !== '__errors' && hasErrors((errorSchema as Record<string, unknown>)[name]))
    .map(groupOf)
    .filter((g): g is string => !!g);
  const failingKey = [...new Set(failing)].join(',');
  const latest = useRef({ active, select, groups });
  latest.current = { active, select, groups };
  useEffect(() => {
    if (!failingKey) return;
    const { active: open, select: choose, groups: all } = latest.current;
    const names = failingKey.split(',');
    if (names.includes(open ?? '')) return;
    const first = all.find((g) => names.includes(g.id));
    if (first) choose(first.id);
  }, [failingKey]);

  // `?field=` names a field: its tab opens, once per navigation (the form then focuses the field).
  const wanted = useFieldFromUrl();
  const wantedKey = wanted?.key;
  const wantedTab = wanted ? groupOf(topProperty(wanted.pointer) ?? '') : undefined;
  useEffect(() => {
    if (wantedKey && wantedTab) latest.current.select(wantedTab);
  }, [wantedKey, wantedTab]);

  const prefetch = (group: string) => {
    for (const { name } of properties.filter((p) => groupOf(p.name) === group))
      for (const part of formPartsOf(schema.properties?.[name], uiSchema?.[name], registry.rootSchema))
        loadFormPart(part).catch(() => undefined); // drawn, it says so and offers a retry
  };

  const onKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const target = tabKeyMove(
      e,
      groups.map((g) => g.id),
      active,
    );
    if (target === null) return;
    select(target);
    refs.current[target]?.focus();
  };

  const fields: ReactNode = current && (
    <>
      {current.description && <p className="mb-4 text-sm text-muted">{current.description}</p>}
      {properties
        .filter((p) => groupOf(p.name) === current.id)
        .map((p) => (
          <div key={p.name}>{p.content}</div>
        ))}
    </>
  );

  return (
    <div>
      {properties
        .filter((p) => !groupOf(p.name))
        .map((p) => (
          <div key={p.name}>{p.content}</div>
        ))}
      <div role="tablist" aria-orientation="horizontal" className="mb-5 flex flex-wrap gap-1 rounded-xl border border-line bg-panel p-1">
        {groups.map((g) => (
          <button
            key={g.id}
            ref={(el) => {
              refs.current[g.id] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${g.id}`}
            aria-selected={g.id === active}
            aria-controls={`${base}-panel`}
            tabIndex={g.id === active ? 0 : -1}
            onClick={() => select(g.id)}
            onKeyDown={onKey}
            onPointerEnter={() => prefetch(g.id)}
            onFocus={() => prefetch(g.id)}
            className={`min-w-[6.5rem] flex-1 rounded-lg px-4 py-2 text-sm font-semibold whitespace-nowrap ${g.id === active ? 'bg-brand text-white' : 'text-muted hover:bg-panel-2 hover:text-fg'}`}
          >
            {g.title}
          </button>
        ))}
      </div>
      {current && (
        <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${current.id}`} data-tab={current.id}>
          {driven?.render ? driven.render(current.id, fields) : fields}
        </div>
      )}
    </div>
  );
}
