import type { ReactNode, RefObject } from 'react';
import { ModalFrame } from './ModalFrame';

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
  return (
    <ModalFrame
      role="alertdialog"
      overlayClassName="fixed inset-0 z-50 flex items-center justify-center bg-black/60 p-4"
      className="card w-full max-w-md p-6 shadow-2xl"
      labelledBy={titleId}
      describedBy={textId}
      initialFocus={initialFocus}
      onClose={onClose}
    >
      {children}
    </ModalFrame>
  );
}
