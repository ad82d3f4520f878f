import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { all } from 'redux-saga/effects';
import { zonesSlice } from '../features/perimeter/zonesSlice';
import { loadLayout, saveLayout } from './layout/layoutPersistence';
import { layoutSlice } from './layout/layoutSlice';
import { toastsSlice } from './toasts/toastsSlice';

/** Every feature's reducer; a feature adds its slice here. */
const rootReducer = combineReducers({
  layout: layoutSlice.reducer,
  toasts: toastsSlice.reducer,
  zones: zonesSlice.reducer,
});

/** Every feature's root saga; a feature adds its saga here. */
function* rootSaga() {
  yield all([]);
}

export type RootState = ReturnType<typeof rootReducer>;

/** The Redux store with the saga middleware, the persisted layout restored and saved on change. */
export function createAppStore(preloadedState?: Partial<RootState>) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: { layout: loadLayout(), ...preloadedState },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware({ thunk: false }).concat(sagaMiddleware),
  });
  sagaMiddleware.run(rootSaga);
  let savedLayout = store.getState().layout;
  store.subscribe(() => {
    const layout = store.getState().layout;
    if (layout !== savedLayout) {
      savedLayout = layout;
      saveLayout(layout);
    }
  });
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
