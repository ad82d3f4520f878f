import { lazy, Suspense } from 'react';
import { AuthErrorScreen, ErrorBoundary } from '../../app/shellComponents';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { authActions } from './authSlice';

/** Loaded on the first opening: most visits never open an account modal. */
const AccountDialogs = lazy(() => import('./AccountDialogs'));

/**
 * The open account modal (login, registration or profile) under the authentication error boundary
 *.
 */
export function AuthModals() {
  const dispatch = useAppDispatch();
  const modal = useAppSelector((state) => state.auth.modal);
  const close = () => dispatch(authActions.authModalClosed());
  if (!modal) return null;
  return (
    <ErrorBoundary
      name="authentification"
      resetKey={modal}
      onReset={close}
      fallback={(error, reset) => <AuthErrorScreen error={error} onClose={reset} />}
    >
      <Suspense fallback={null}>
        <AccountDialogs onClose={close} />
      </Suspense>
    </ErrorBoundary>
  );
}
