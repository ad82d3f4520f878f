import { buildClientIfNeeded } from './clientBuild';

/** `npm start`: build the client if needed, then migrate, import the demo territory if empty, serve. */
buildClientIfNeeded();
await import('../server/main');
