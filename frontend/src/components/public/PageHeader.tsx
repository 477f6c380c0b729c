import type { ReactNode } from 'react';

/** The heading block of a public page: one h1, an optional eyebrow and intro. */
export function PageHeader({ title, eyebrow, children }: { title: string; eyebrow?: string; children?: ReactNode }) {
  return (
    <header className="mx-auto max-w-3xl text-center">
      {eyebrow && <p className="text-sm font-semibold tracking-wide text-muted uppercase">{eyebrow}</p>}
      <h1 className="mt-2 text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
      {children && <div className="mt-4 text-lg text-muted">{children}</div>}
    </header>
  );
}
