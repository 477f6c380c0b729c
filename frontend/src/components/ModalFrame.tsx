import { type ReactNode, type RefObject, useRef } from 'react';
import { useModal } from '../lib/use-modal';

/**
 * What makes a dialog modal, written once for Dialog and AlertDialog: the dimmed page behind, and the box that is
 * `role` with aria-modal, named and described by ids, keeping the keyboard (useModal: focus starts on `initialFocus`,
 * else the first control; Tab cycles inside; Escape calls `onClose`).
 */
export function ModalFrame({
  role,
  overlayClassName,
  className,
  labelledBy,
  describedBy,
  busy,
  initialFocus,
  onClose,
  children,
}: {
  role: 'dialog' | 'alertdialog';
  overlayClassName: string;
  className: string;
  labelledBy: string;
  describedBy?: string;
  busy?: boolean;
  initialFocus?: RefObject<HTMLElement | null>;
  onClose(): void;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDivElement>(null);
  useModal(dialog, onClose, initialFocus);
  return (
    <div className={overlayClassName}>
      <div
        ref={dialog}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        aria-busy={busy || undefined}
        className={className}
      >
        {children}
      </div>
    </div>
  );
}
