import { Outlet, useLocation } from 'react-router';
import { AuthModals } from '../features/account/AuthModals';
import { ErrorBoundary } from './errors/ErrorBoundary';
import { AppErrorScreen } from './errors/ErrorScreens';
import { ToastStack } from './toasts/ToastStack';

/**
 * Layout shell around every screen but /verify-email: the screen, the toast stack (top right) and
 * the account modals, under the generic error boundary ('Une erreur est survenue').
 */
export function AppLayout() {
  const location = useLocation();
  return (
    <>
      <ErrorBoundary
        name="écran"
        resetKey={location.pathname}
        fallback={(error, reset) => <AppErrorScreen error={error} onRetry={reset} />}
      >
        <Outlet />
      </ErrorBoundary>
      <AuthModals />
      <ToastStack />
    </>
  );
}
