import type { AppStore, RootState } from '../../src/app/store';

/**
 * Resolves with the store's state as soon as `predicate` holds (checked now and after every dispatch).
 * No clock of its own: a state never reached fails through the test's timeout.
 */
export function untilState(store: AppStore, predicate: (state: RootState) => boolean): Promise<RootState> {
  return new Promise((resolve) => {
    const check = () => {
      const state = store.getState();
      if (!predicate(state)) return;
      unsubscribe();
      resolve(state);
    };
    const unsubscribe = store.subscribe(check);
    check();
  });
}
