import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { COPY_FEEDBACK_MS, copyText } from '../../../lib/clipboard';
import { GREETING_PLACEHOLDERS } from '../shared/placeholders';
import { TokenListPanel } from '../shared/TokenListPanel';

/** The collapsible list of greeting placeholders, one copy button each. */
export function PlaceholderPanel() {
  const [copied, setCopied] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const members = GREETING_PLACEHOLDERS.filter((p) => p.name.startsWith('member.'));
  const server = GREETING_PLACEHOLDERS.filter((p) => p.name.startsWith('server.'));
  return (
    <TokenListPanel
      headingId="placeholders-heading"
      listId="placeholders-list"
      title="Placeholders"
      hint={`(${GREETING_PLACEHOLDERS.length}, click to copy)`}
      groups={[
        { title: 'Member', items: members },
        { title: 'Server', items: server },
      ]}
      renderItem={(p) => {
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
      }}
    />
  );
}
