import { type ComponentProps, lazy, Suspense } from 'react';
import type { ConflictDialog as Dialog } from './ConflictDialog';

// Shown only on a 409 (someone saved since the page loaded): its code loads then, not with every settings page.
const Loaded = lazy(() => import('./ConflictDialog').then((m) => ({ default: m.ConflictDialog })));

/** ConflictDialog, loaded when a conflict first shows. */
export function ConflictDialog(props: ComponentProps<typeof Dialog>) {
  return (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  );
}
