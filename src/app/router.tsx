import { createBrowserRouter, Navigate } from 'react-router';
import { MapScreen } from './MapScreen';

/** The routes of spec §2. */
export const router = createBrowserRouter([
  { path: '/', element: <Navigate to="/map" replace /> },
  { path: '/map-old', element: <Navigate to="/map" replace /> },
  { path: '/map', element: <MapScreen /> },
  { path: '*', element: <Navigate to="/map" replace /> },
]);
