import { type ReactNode, type RefObject, useRef } from 'react';
import { useModal } from '../lib/use-modal';

/**
 * A modal alert dialog over a dimmed page: named by the element `titleId`, described by `textId`, keeping the keyboard
 * (useModal: focus starts on `initialFocus`, Tab cycles inside, Escape calls `onClose`).
 */
export function AlertDialog({
  titleId,
  textId,
  initialFocus,
  onClose,
  children,
}: {
  titleId: string;
  textId: string;
  initialFocus?: RefObject<HTMLElement | null>;
  onClose(): void;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDivElement>(null);
  useModal(dialog, onClose, initialFocus);
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/60 p-4">
      <div
        ref={dialog}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        className="card w-full max-w-md p-6 shadow-2xl"
      >
        {children}
      </div>
    </div>
  );
}
