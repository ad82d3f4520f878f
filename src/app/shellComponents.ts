/**
 * The shell's components a feature may render: the error boundary, its screens, the preferences form and the
 * full-page frame (back link, title) of a feature's own page.
 */
export { ErrorBoundary } from './errors/ErrorBoundary';
export { AuthErrorScreen } from './errors/ErrorScreens';
export { PreferencesForm } from './settings/PreferencesForm';
export { PageShell } from './screens/PageShell';
