import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { all } from 'redux-saga/effects';

/** Every feature's reducer; a feature adds its slice here. */
const rootReducer = combineReducers({
  app: (state: { startedAt: number } = { startedAt: Date.now() }) => state,
});

function* rootSaga() {
  yield all([]);
}

export type RootState = ReturnType<typeof rootReducer>;

/** The Redux store with the saga middleware running the root saga. */
export function createAppStore(preloadedState?: Partial<RootState>) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    ...(preloadedState ? { preloadedState } : {}),
    middleware: (getDefaultMiddleware) => getDefaultMiddleware({ thunk: false }).concat(sagaMiddleware),
  });
  sagaMiddleware.run(rootSaga);
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
