import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ErrorBoundary } from '../../app/errors/ErrorBoundary';
import { AuthErrorScreen } from '../../app/errors/ErrorScreens';
import { authActions } from './authSlice';
import { LoginModal } from './LoginModal';
import { ProfileModal } from './ProfileModal';
import { RegisterModal } from './RegisterModal';

/** The open account modal (login, registration or profile), under the authentication error boundary. */
export function AuthModals() {
  const dispatch = useAppDispatch();
  const modal = useAppSelector((state) => state.auth.modal);
  const user = useAppSelector((state) => state.auth.user);
  const close = () => dispatch(authActions.authModalClosed());
  if (!modal) return null;
  return (
    <ErrorBoundary
      name="authentification"
      resetKey={modal}
      onReset={close}
      fallback={(error, reset) => <AuthErrorScreen error={error} onClose={reset} />}
    >
      {modal === 'login' ? <LoginModal onClose={close} /> : null}
      {modal === 'register' ? <RegisterModal onClose={close} /> : null}
      {modal === 'profile' && user ? <ProfileModal user={user} onClose={close} /> : null}
      {modal === 'profile' && !user ? <LoginModal onClose={close} /> : null}
    </ErrorBoundary>
  );
}
