import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { CloseIcon } from '../../ui/icons';
import { useAppDispatch, useAppSelector } from '../hooks';
import { TOAST_DURATION_MS, toastDismissed, type Toast } from './toastsSlice';

const SYMBOLS: Record<Toast['type'], string> = { success: '✓', info: 'i', warning: '!', error: '×' };
const TYPE_LABELS: Record<Toast['type'], string> = {
  success: 'Succès',
  info: 'Information',
  warning: 'Avertissement',
  error: 'Erreur',
};

/**
 * One toast. Success, info and warning toasts vanish after 4 s (the countdown pauses while the pointer
 * or the keyboard focus is on the toast, so it can be read); errors stay until closed.
 */
function ToastItem({ toast }: { toast: Toast }) {
  const dispatch = useAppDispatch();
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (toast.type === 'error' || paused) return;
    const timer = setTimeout(() => dispatch(toastDismissed(toast.id)), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [dispatch, toast.id, toast.type, paused]);
  return (
    <li
      className={`toast toast--${toast.type}`}
      role={toast.type === 'error' ? 'alert' : undefined}
      data-toast-type={toast.type}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <span className="toast__icon" aria-hidden="true">
        {SYMBOLS[toast.type]}
      </span>
      <div className="toast__text">
        <p className="toast__title">
          <span className="visually-hidden">{TYPE_LABELS[toast.type]} : </span>
          {toast.title}
        </p>
        {toast.message ? <p className="toast__message">{toast.message}</p> : null}
      </div>
      <button
        type="button"
        className="icon-button"
        aria-label="Fermer la notification"
        onClick={() => dispatch(toastDismissed(toast.id))}
      >
        <CloseIcon />
      </button>
    </li>
  );
}

/**
 * The toast stack, top right. It is a manual popover, raised into the top layer whenever a
 * toast arrives, so a toast shows (and can be closed) above an open modal dialog too.
 */
export function ToastStack() {
  const toasts = useAppSelector((state) => state.toasts);
  const stack = useRef<HTMLOListElement>(null);
  const newest = toasts[toasts.length - 1]?.id;
  useLayoutEffect(() => {
    const element = stack.current;
    if (!element || typeof element.showPopover !== 'function') return;
    if (element.matches(':popover-open')) element.hidePopover();
    if (newest) element.showPopover();
  }, [newest]);
  return (
    <ol ref={stack} className="toast-stack" popover="manual" aria-label="Notifications" aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </ol>
  );
}
