import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, useLocation, useRouteError } from 'react-router';
import { authActions } from '../features/account/authSlice';
import { AppLayout } from './AppLayout';
import { ErrorBoundary } from './errors/ErrorBoundary';
import { AppErrorScreen } from './errors/ErrorScreens';
import { useAppDispatch } from './hooks';
import { MapScreen } from './MapScreen';

const SettingsPage = lazy(() => import('./screens/SettingsPage'));
const PricingPage = lazy(() => import('./screens/PricingPage'));
const SubscriptionPage = lazy(() => import('./screens/SubscriptionPage'));
const VerifyEmailPage = lazy(() => import('./screens/VerifyEmailPage'));
const ResetPasswordPage = lazy(() => import('./screens/ResetPasswordPage'));
const TestCheckoutPage = lazy(() => import('./screens/TestCheckoutPage'));
const TestPortalPage = lazy(() => import('./screens/TestPortalPage'));
const SharedStudyPage = lazy(() => import('../features/export/SharedStudyPage'));

function Page({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <p className="page-loading" role="status">
          Chargement…
        </p>
      }
    >
      {children}
    </Suspense>
  );
}

/** `/` goes to the map; `/#pricing` (the marketing home's offers, links) to the pricing page. */
function IndexRedirect() {
  const location = useLocation();
  return <Navigate to={location.hash === '#pricing' ? '/pricing' : '/map'} replace />;
}

/** `/auth/register`: the map with the registration modal open. */
function RegisterRoute() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(authActions.authModalOpened('register'));
  }, [dispatch]);
  return <Navigate to="/map" replace />;
}

/** Last resort for an error the boundaries did not catch (e.g. in the router itself). */
function RouteErrorScreen() {
  const error = useRouteError();
  return (
    <AppErrorScreen
      error={error instanceof Error ? error : new Error(String(error))}
      onRetry={() => window.location.reload()}
    />
  );
}

/** The routes. /verify-email is standalone (outside the layout shell). */
export const router = createBrowserRouter([
  {
    path: '/verify-email',
    errorElement: <RouteErrorScreen />,
    element: (
      <ErrorBoundary name="vérification" fallback={(error, reset) => <AppErrorScreen error={error} onRetry={reset} />}>
        <Page>
          <VerifyEmailPage />
        </Page>
      </ErrorBoundary>
    ),
  },
  {
    path: '/reset-password',
    errorElement: <RouteErrorScreen />,
    element: (
      <ErrorBoundary name="mot de passe" fallback={(error, reset) => <AppErrorScreen error={error} onRetry={reset} />}>
        <Page>
          <ResetPasswordPage />
        </Page>
      </ErrorBoundary>
    ),
  },
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      { index: true, element: <IndexRedirect /> },
      { path: 'map', element: <MapScreen /> },
      { path: 'map-old', element: <Navigate to="/map" replace /> },
      {
        path: 'settings',
        element: (
          <Page>
            <SettingsPage />
          </Page>
        ),
      },
      {
        path: 'pricing',
        element: (
          <Page>
            <PricingPage />
          </Page>
        ),
      },
      {
        path: 'subscription',
        element: (
          <Page>
            <SubscriptionPage />
          </Page>
        ),
      },
      {
        path: 'payments/test-checkout',
        element: (
          <Page>
            <TestCheckoutPage />
          </Page>
        ),
      },
      {
        path: 'payments/test-portal',
        element: (
          <Page>
            <TestPortalPage />
          </Page>
        ),
      },
      {
        path: 'partage/:token',
        element: (
          <Page>
            <SharedStudyPage />
          </Page>
        ),
      },
      { path: 'auth/register', element: <RegisterRoute /> },
      { path: '*', element: <Navigate to="/map" replace /> },
    ],
  },
]);
