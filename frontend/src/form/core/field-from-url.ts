import { useEffect, useMemo, useRef } from 'react';
import { useInRouterContext, useLocation } from 'react-router-dom';

// "Open this field": a settings page's address may name one of its fields (`?field=/modules/anti_webhook`, a JSON
// Pointer of generated/search-index.js, where a list's item is `-`). The form engine reads it once per navigation: the
// tabs open the one the field sits in, and the form focuses the field's control (RJSF's id: the form's prefix and the
// pointer's tokens joined by `_`). The command palette writes such addresses.

/** The query parameter that names the field. */
export const FIELD_PARAM = 'field';

/** A page's address that opens `pointer` there: `antinuke?field=%2Fmodules%2Fanti_ban`. */
export function fieldAddress(path: string, pointer: string): string {
  return `${path}?${new URLSearchParams({ [FIELD_PARAM]: pointer }).toString()}`;
}

/** The pointer's tokens up to a list's item (`-`): the control that stands for the field on the page. */
export function pointerTokens(pointer: string): string[] {
  const tokens = pointer
    .split('/')
    .slice(1)
    .map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'));
  const item = tokens.indexOf('-');
  return item === -1 ? tokens : tokens.slice(0, item);
}

/** The top-level property the pointer starts with: the one whose x-ui group is the tab. */
export const topProperty = (pointer: string): string | undefined => pointerTokens(pointer)[0];

/** The outermost x-ui group on the field's way from the root (its tab, on a page that draws groups as tabs). */
export function groupOfField(uiSchema: Readonly<Record<string, unknown>>, pointer: string): string | undefined {
  let node: Readonly<Record<string, unknown>> | undefined = uiSchema;
  for (const token of pointerTokens(pointer)) {
    node = node?.[token] as Readonly<Record<string, unknown>> | undefined;
    const group = (node?.['ui:options'] as { group?: unknown } | undefined)?.group;
    if (typeof group === 'string') return group;
  }
  return undefined;
}

/** RJSF's id of the field's control in a form with that id prefix. */
export const fieldId = (prefix: string, pointer: string): string => [prefix, ...pointerTokens(pointer)].join('_');

/**
 * The field the address names, once per navigation (a new choice of the same field is a new navigation: its key
 * changes), or null. Reading it again after the page's own state changed gives the same answer, so the tabs and the
 * form each act on it once.
 */
export function useFieldFromUrl(): { pointer: string; key: string } | null {
  // A form drawn outside a router (a component test of the form alone) has no address. Whether there is a router
  // never changes while a form lives, so the hooks called stay the same from one render to the next.
  const location = useInRouterContext() ? useLocation() : null;
  const search = location?.search ?? '';
  const key = location?.key ?? '';
  return useMemo(() => {
    const pointer = new URLSearchParams(search).get(FIELD_PARAM);
    return pointer?.startsWith('/') ? { pointer, key } : null;
  }, [search, key]);
}

const FOCUSABLE = 'input:not([type="hidden"]), select, textarea, button, [tabindex]:not([tabindex="-1"])';

/** The control to focus for `id`: the element itself when it takes focus, else the first one inside or after it. */
function controlOf(id: string): HTMLElement | null {
  const element = document.getElementById(id);
  if (element?.matches(FOCUSABLE)) return element;
  const inside = element?.querySelector<HTMLElement>(FOCUSABLE);
  if (inside) return inside;
  // A widget that draws several controls names them `<id>_...` or `<id>-...` (a list's items, a user list's search).
  return document.querySelector<HTMLElement>(`[id^="${CSS.escape(id)}_"], [id^="${CSS.escape(id)}-"]`);
}

/**
 * Focuses the field the address names once the form is drawn (`ready`) and its tab is open: tries on each frame for
 * about two seconds, as the tab's fields and the form parts they need arrive after the form.
 */
export function useFocusFieldFromUrl(prefix: string, ready: boolean) {
  const wanted = useFieldFromUrl();
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || !wanted || done.current === wanted.key) return;
    const id = fieldId(prefix, wanted.pointer);
    let frame = 0;
    let tries = 0;
    const attempt = () => {
      const control = controlOf(id);
      if (control && !control.closest('[hidden]')) {
        control.scrollIntoView({ block: 'center' });
        control.focus({ preventScroll: true });
        if (document.activeElement === control) return void (done.current = wanted.key);
      }
      if (++tries < 120) frame = requestAnimationFrame(attempt);
      else done.current = wanted.key;
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  }, [prefix, ready, wanted]);
}
