import type { ReactNode } from 'react';

/**
 * What RJSF gets for `markdown-to-jsx/react` (vite.config.ts resolve.alias): the text as it is. RJSF renders a string
 * as markdown only where a form turns it on (`enableMarkdownInDescription`/`InHelp`, which no x-ui hint can say; our
 * description and help templates print text) and in its own fallbacks for a broken schema (an unsupported field, an
 * invalid object field) and the file widget, which no settings form has. So the settings pages lose nothing, and each
 * stops loading an 84 KB markdown parser (about 25 KB compressed).
 */
export function Markdown({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}
