/** The shell's components a feature may render: the error boundary, its screens and the preferences form. */
export { ErrorBoundary } from './errors/ErrorBoundary';
export { AuthErrorScreen } from './errors/ErrorScreens';
export { PreferencesForm } from './settings/PreferencesForm';
