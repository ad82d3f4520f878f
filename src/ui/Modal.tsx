import { useId, useLayoutEffect, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { CloseIcon } from './icons';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusableIn(element: HTMLElement): HTMLElement[] {
  return [...element.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (candidate) => !candidate.closest('[inert]') && candidate.getClientRects().length > 0,
  );
}

/**
 * An accessible modal dialog on the native `<dialog>` (`showModal`: the rest of the page is inert):
 * labelled by its title, Tab and Shift+Tab cycle inside it, Escape and the close button call `onClose`,
 * focus goes to the element marked `data-autofocus` (else the first field) and returns to the opener.
 */
export function Modal({
  title,
  onClose,
  children,
  description,
  size = 'medium',
  role,
  closeLabel = 'Fermer',
}: {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  description?: ReactNode;
  size?: 'small' | 'medium' | 'large';
  /** `alertdialog` for confirmations. */
  role?: 'dialog' | 'alertdialog';
  closeLabel?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const pressedOnBackdrop = useRef(false);
  const titleId = useId();
  const descriptionId = useId();

  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!element.open) element.showModal();
    const target =
      element.querySelector<HTMLElement>('[data-autofocus]') ??
      focusableIn(element).find((candidate) => !candidate.classList.contains('modal__close')) ??
      element;
    target.focus();
    return () => {
      if (element.open) element.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = focusableIn(dialog.current);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && (document.activeElement === first || document.activeElement === dialog.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const onMouseDown = (event: MouseEvent<HTMLDialogElement>) => {
    pressedOnBackdrop.current = event.target === dialog.current;
  };
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === dialog.current && pressedOnBackdrop.current) onClose();
  };

  return (
    <dialog
      ref={dialog}
      className={`modal modal--${size}`}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={onKeyDown}
      onMouseDown={onMouseDown}
      onClick={onClick}
    >
      <div className="modal__content">
        <header className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button type="button" className="icon-button modal__close" aria-label={closeLabel} onClick={onClose}>
            <CloseIcon />
          </button>
        </header>
        {description ? (
          <p id={descriptionId} className="modal__description">
            {description}
          </p>
        ) : null}
        {children}
      </div>
    </dialog>
  );
}
