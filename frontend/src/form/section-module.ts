import { type SectionModule, sectionModules } from '@guildhall/generated/section-modules';
import type { SectionName } from '@guildhall/generated/types';
import { useCallback, useEffect, useState } from 'react';
import { SECTION_PAGE_LAZY } from '../manage-paths';
import { type FormPart, isFormPart, loadFormPart } from './parts';

export type { SectionModule };

interface Entry {
  promise: Promise<SectionModule>;
  module?: SectionModule;
  error?: unknown;
}
const entries = new Map<SectionName, Entry>();

/** The form parts a section's form draws at once (src/form/parts.ts). */
const formPartsAtOnce = (section: SectionName): FormPart[] => (SECTION_PAGE_LAZY[section] ?? ([] as readonly string[])).filter(isFormPart);

/**
 * A section's generated module (its schema, uiSchema, validator, conditions, defaults): a chunk of its own, or its
 * page's chunk where the section has a page of its own (chunk-groups.ts), fetched once, when a page first asks for it, with the form parts its form draws at once (SECTION_PAGE_LAZY), so that the
 * form shows whole. Called early (the route starts it beside the page's own chunk) it costs nothing later. A failed
 * load is kept until someone retries (useSectionModule's retry), which fetches anew.
 */
export function loadSectionModule<S extends SectionName>(section: S): Promise<SectionModule<S>> {
  let entry = entries.get(section);
  if (!entry) {
    const created: Entry = {
      promise: Promise.all([sectionModules[section](), ...formPartsAtOnce(section).map((part) => loadFormPart(part))]).then(
        ([module]) => (created.module = module),
        (error: unknown) => {
          created.error = error;
          throw error;
        },
      ),
    };
    entries.set(section, (entry = created));
  }
  return entry.promise as Promise<SectionModule<S>>;
}

export type SectionModuleState<S extends SectionName> =
  { status: 'loading' } | { status: 'error'; error: unknown; retry(): void } | { status: 'ready'; module: SectionModule<S> };

/** The section's module for a component: at once when it is already loaded, else loading, then ready or failed. */
export function useSectionModule<S extends SectionName>(section: S): SectionModuleState<S> {
  const [, setSettled] = useState(0);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    const rerender = () => live && setSettled((n) => n + 1);
    loadSectionModule(section).then(rerender, rerender);
    return () => {
      live = false;
    };
  }, [section, attempt]);
  const retry = useCallback(() => {
    if (entries.get(section)?.error !== undefined) entries.delete(section);
    setAttempt((n) => n + 1);
  }, [section]);
  const entry = entries.get(section);
  if (entry?.module) return { status: 'ready', module: entry.module as SectionModule<S> };
  if (entry?.error !== undefined) return { status: 'error', error: entry.error, retry };
  return { status: 'loading' };
}
