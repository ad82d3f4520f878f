import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/Database';

/** What every route module receives: the open database and the configuration. */
export interface AppContext {
  database: Database;
  config: Config;
}

/** A domain's routes, registered under `/api` by {@link buildApp}. */
export type RouteModule = (app: FastifyInstance, context: AppContext) => void | Promise<void>;
