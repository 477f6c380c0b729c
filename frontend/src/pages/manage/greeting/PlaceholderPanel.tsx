import { Check, ChevronDown, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { COPY_FEEDBACK_MS, copyText } from '../../../lib/clipboard';
import { GREETING_PLACEHOLDERS } from '../shared/placeholders';

/** The collapsible list of greeting placeholders, one copy button each. */
export function PlaceholderPanel() {
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const members = GREETING_PLACEHOLDERS.filter((p) => p.name.startsWith('member.'));
  const server = GREETING_PLACEHOLDERS.filter((p) => p.name.startsWith('server.'));
  return (
    <section className="card" aria-labelledby="placeholders-heading">
      <h2 id="placeholders-heading">
        <button
          type="button"
          aria-expanded={open}
          aria-controls="placeholders-list"
          onClick={() => setOpen((o) => !o)}
          className="flex w-full items-center justify-between gap-3 rounded-xl p-4 text-left font-semibold hover:bg-panel-2"
        >
          <span>
            Placeholders <span className="text-sm font-normal text-muted">({GREETING_PLACEHOLDERS.length}, click to copy)</span>
          </span>
          <ChevronDown aria-hidden="true" className={`h-5 w-5 text-muted transition-transform ${open ? 'rotate-180' : ''}`} />
        </button>
      </h2>
      {open && (
        <div id="placeholders-list" className="grid gap-4 border-t border-line p-4 md:grid-cols-2">
          {[
            { title: 'Member', items: members },
            { title: 'Server', items: server },
          ].map((group) => (
            <div key={group.title}>
              <h3 className="mb-2 text-xs font-semibold tracking-wide text-muted uppercase">{group.title}</h3>
              <ul className="space-y-1.5">
                {group.items.map((p) => {
                  const token = `{${p.name}}`;
                  const done = copied === token;
                  return (
                    <li key={p.name} className="flex items-center justify-between gap-2 rounded-lg bg-panel-2 px-3 py-1.5">
                      <span className="min-w-0">
                        <code className="font-mono text-sm">{token}</code>
                        <span className="block text-xs text-muted">{p.label}</span>
                      </span>
                      <button
                        type="button"
                        className="btn-secondary shrink-0 px-2 py-1"
                        aria-label={done ? `Copied ${token}` : `Copy ${token}`}
                        onClick={() =>
                          void copyText(token).then(
                            () => {
                              setCopied(token);
                              clearTimeout(timer.current);
                              timer.current = setTimeout(() => setCopied(null), COPY_FEEDBACK_MS);
                            },
                            () => undefined,
                          )
                        }
                      >
                        {done ? <Check aria-hidden="true" className="h-4 w-4 text-ok" /> : <Copy aria-hidden="true" className="h-4 w-4" />}
                      </button>
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
