import { useEffect } from 'react';
import { CloseIcon } from '../../ui/icons';
import { useAppDispatch, useAppSelector } from '../hooks';
import { TOAST_DURATION_MS, toastDismissed, type Toast } from './toastsSlice';

function ToastItem({ toast }: { toast: Toast }) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (toast.type === 'error') return;
    const timer = setTimeout(() => dispatch(toastDismissed(toast.id)), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [dispatch, toast.id, toast.type]);
  return (
    <li className={`toast toast--${toast.type}`} role={toast.type === 'error' ? 'alert' : 'status'}>
      <div className="toast__text">
        <p className="toast__title">{toast.title}</p>
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

/** Spec §2: the toast stack, top right. */
export function ToastStack() {
  const toasts = useAppSelector((state) => state.toasts);
  return (
    <ol className="toast-stack" aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </ol>
  );
}
