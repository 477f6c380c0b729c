import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface RelatedLink {
  to: string;
  label: string;
}

/**
 * A policy or information page: title, last-updated date, prose, and links to related pages. The prose
 * is styled here once so that each page is only its words.
 */
export function PolicyLayout({
  title,
  updated,
  intro,
  related = [],
  children,
}: {
  title: string;
  updated?: string;
  intro?: ReactNode;
  related?: RelatedLink[];
  children: ReactNode;
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <header className="border-b border-line pb-6">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        {updated && (
          <p className="mt-2 text-sm text-muted">
            Last updated: <time>{updated}</time>
          </p>
        )}
        {intro && <p className="mt-4 text-lg text-muted">{intro}</p>}
      </header>
      <div className="[&_a]:text-fg [&_a]:underline [&_a]:decoration-brand [&_a]:underline-offset-2 [&_a:hover]:decoration-2 [&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-6 [&_h3]:font-semibold [&_li]:mt-1.5 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-3 [&_p]:leading-relaxed [&_p]:text-muted [&_strong]:text-fg [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ul]:text-muted">
        {children}
      </div>
      {related.length > 0 && (
        <nav aria-label="Related pages" className="mt-12 border-t border-line pt-6">
          <ul className="flex flex-wrap gap-3">
            {related.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="btn-secondary">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </article>
  );
}

/** A small two-or-more-column table for policy facts (timings, periods, plans). */
export function FactTable({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    // Focusable and named: a table wider than a phone scrolls, and keyboard users must reach it (WCAG 2.1.1).
    <div className="relative mt-4 overflow-x-auto rounded-lg border border-line" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-panel-2">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-4 py-2 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i} className="border-t border-line">
              {row.map((cell, j) =>
                j === 0 ? (
                  <th key={j} scope="row" className="px-4 py-2 font-medium">
                    {cell}
                  </th>
                ) : (
                  <td key={j} className="px-4 py-2 text-muted">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
