import { X } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { ModalFrame } from './ModalFrame';

/**
 * A modal dialog over a dimmed page: named by its heading, keyboard kept inside (useModal: focus starts on
 * `initialFocus`, else the first control; Tab cycles inside; Escape and the Close button call `onClose`). Full height on
 * a phone, a centred card from `sm` up; the body scrolls between the header and the footer's actions. Every dialog of
 * the app that is not an alert (AlertDialog) is this one.
 */
export function Dialog({
  titleId,
  title,
  onClose,
  initialFocus,
  wide = false,
  narrow = false,
  busy = false,
  describedBy,
  children,
  headerExtra,
  footer,
}: {
  titleId: string;
  title: string;
  onClose(): void;
  initialFocus?: RefObject<HTMLElement | null>;
  wide?: boolean;
  narrow?: boolean;
  /** While true the dialog says so (aria-busy) and its Close button is disabled: the running request decides. */
  busy?: boolean;
  describedBy?: string;
  children: ReactNode;
  headerExtra?: ReactNode;
  /** Actions kept in view below the scrolling body. */
  footer?: ReactNode;
}) {
  return (
    <ModalFrame
      role="dialog"
      overlayClassName="fixed inset-0 z-50 flex items-stretch justify-center bg-black/60 sm:items-center sm:p-4"
      className={`card flex max-h-full w-full flex-col shadow-2xl sm:max-h-[90vh] ${wide ? 'sm:max-w-5xl' : narrow ? 'sm:max-w-md' : 'sm:max-w-2xl'}`}
      labelledBy={titleId}
      describedBy={describedBy}
      busy={busy}
      initialFocus={initialFocus}
      onClose={onClose}
    >
      <header className="flex items-start justify-between gap-3 border-b border-line px-5 py-4">
        <div className="min-w-0">
          <h2 id={titleId} className="truncate text-lg font-semibold">
            {title}
          </h2>
          {headerExtra}
        </div>
        <button type="button" className="btn-secondary px-2" onClick={onClose} disabled={busy} aria-label="Close">
          <X aria-hidden="true" className="h-4 w-4" />
        </button>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
      {footer && <footer className="border-t border-line px-5 py-4">{footer}</footer>}
    </ModalFrame>
  );
}
