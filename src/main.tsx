import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { router } from './app/router';
import { ThemeController } from './app/settings/ThemeController';
import { createAppStore } from './app/store';
import './ui/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root absent de index.html');

const store = createAppStore();
// Reached by the Playwright journeys (as `__zonalyseMap` is) to read state or seed zones.
(window as unknown as { __zonalyseStore?: typeof store }).__zonalyseStore = store;

createRoot(root).render(
  <StrictMode>
    <Provider store={store}>
      <ThemeController />
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>,
);
