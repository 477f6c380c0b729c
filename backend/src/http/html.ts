const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

/**
 * Text for HTML element content and quoted attribute values: nothing user-written can open a tag or leave a quote.
 * The one escape for every page the server writes itself (transcripts, the sandbox's authorize page and avatars).
 */
export const escapeHtml = (text: string): string => text.replace(/[&<>"'`]/g, (c) => ENTITIES[c]!);

/**
 * A page of one of the sandboxes (Discord's authorize page, the payment checkout): plain HTML with no script (the CSP
 * allows none inline), dark or light as the system prefers, visible focus. `style` adds the page's own rules and may
 * set the palette's variables (--bg, --panel, --text, --muted, --accent, --danger, --focus) again.
 */
export function sandboxPage(title: string, body: string, style: string, head = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${head}<title>${escapeHtml(title)}</title>
<style>${SANDBOX_STYLE}${style}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

const SANDBOX_STYLE = `
  :root { color-scheme: dark light; --bg:#1e1f22; --panel:#2b2d31; --text:#f2f3f5; --muted:#b5bac1; --accent:#5865f2; --danger:#f23f43; --focus:#ffd54f; }
  @media (prefers-color-scheme: light) { :root { --bg:#f2f3f5; --panel:#ffffff; --text:#060607; --muted:#4e5058; --accent:#4752c4; --danger:#b3261e; --focus:#a05a00; } }
  * { box-sizing: border-box; }
  body { margin:0; font:16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background:var(--bg); color:var(--text); }
  main { max-width: 40rem; margin: 2rem auto; padding: 1.5rem; background: var(--panel); border-radius: 12px; }
  h1 { font-size: 1.5rem; margin-top: 0; }
  .note { color: var(--muted); }
  fieldset { border: 1px solid var(--muted); border-radius: 8px; margin: 1rem 0; padding: 0.75rem 1rem 1rem; }
  legend { padding: 0 0.25rem; font-weight: 600; }
  button { font: inherit; color: inherit; cursor: pointer; border-radius: 8px; }
  :focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
`;
