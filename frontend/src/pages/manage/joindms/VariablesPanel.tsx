import { ChevronDown, Copy } from 'lucide-react';
import { useState } from 'react';
import { JOIN_DM_VARIABLES } from '@guildhall/common/join-dm';
import { copyText } from '../../../lib/clipboard';
import { GREETING_PLACEHOLDERS } from '../shared/placeholders';

const labelOf = (name: string) => GREETING_PLACEHOLDERS.find((p) => p.name === name)?.label ?? '';

/** The collapsible 'Available Variables' list; a click copies the variable, and the page says so. */
export function VariablesPanel({ onCopied, onCopyFailed }: { onCopied(variable: string): void; onCopyFailed(): void }) {
  const [open, setOpen] = useState(false);
  const groups = [
    { title: 'Member', names: JOIN_DM_VARIABLES.member.map((n) => `member.${n}`) },
    { title: 'Server', names: JOIN_DM_VARIABLES.server.map((n) => `server.${n}`) },
  ];
  return (
    <section className="card" aria-labelledby="joindm-variables-heading">
      <h2 id="joindm-variables-heading">
        <button
          type="button"
          aria-expanded={open}
          aria-controls="joindm-variables"
          onClick={() => setOpen((o) => !o)}
          className="flex w-full items-center justify-between gap-3 rounded-xl p-4 text-left font-semibold hover:bg-panel-2"
        >
          <span>
            Available Variables <span className="text-sm font-normal text-muted">(click to copy)</span>
          </span>
          <ChevronDown aria-hidden="true" className={`h-5 w-5 text-muted transition-transform ${open ? 'rotate-180' : ''}`} />
        </button>
      </h2>
      {open && (
        <div id="joindm-variables" className="grid gap-4 border-t border-line p-4 md:grid-cols-2">
          {groups.map((group) => (
            <div key={group.title}>
              <h3 className="mb-2 text-xs font-semibold tracking-wide text-muted uppercase">{group.title}</h3>
              <ul className="space-y-1.5">
                {group.names.map((name) => {
                  const token = `{${name}}`;
                  return (
                    <li key={name}>
                      <button
                        type="button"
                        className="flex w-full items-center justify-between gap-2 rounded-lg bg-panel-2 px-3 py-1.5 text-left hover:bg-panel"
                        aria-label={`Copy ${token}`}
                        onClick={() => void copyText(token).then(() => onCopied(token), onCopyFailed)}
                      >
                        <span className="min-w-0">
                          <code className="font-mono text-sm">{token}</code>
                          <span className="block text-xs text-muted">{labelOf(name)}</span>
                        </span>
                        <Copy aria-hidden="true" className="h-4 w-4 shrink-0" />
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
