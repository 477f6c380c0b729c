import { Copy } from 'lucide-react';
import { JOIN_DM_VARIABLES } from '@guildhall/common/join-dm';
import { copyText } from '../../../lib/clipboard';
import { GREETING_PLACEHOLDERS } from '../shared/placeholders';
import { TokenListPanel } from '../shared/TokenListPanel';

const labelOf = (name: string) => GREETING_PLACEHOLDERS.find((p) => p.name === name)?.label ?? '';

/** The collapsible 'Available Variables' list; a click copies the variable, and the page says so. */
export function VariablesPanel({ onCopied, onCopyFailed }: { onCopied(variable: string): void; onCopyFailed(): void }) {
  const groups = [
    { title: 'Member', items: JOIN_DM_VARIABLES.member.map((n) => `member.${n}`) },
    { title: 'Server', items: JOIN_DM_VARIABLES.server.map((n) => `server.${n}`) },
  ];
  return (
    <TokenListPanel
      headingId="joindm-variables-heading"
      listId="joindm-variables"
      title="Available Variables"
      hint="(click to copy)"
      groups={groups}
      renderItem={(name) => {
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
      }}
    />
  );
}
