/**
 * What the app shell lets a feature dispatch: toasts and panel layout actions. Features import the
 * shell only through this module, `store` (types), `hooks`, `selectors` and `shellComponents`.
 */
export { toastShown, toastDismissed, type Toast } from './toasts/toastsSlice';
export { layoutActions, type LayoutState } from './layout/layoutSlice';
