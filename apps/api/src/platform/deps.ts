import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { Replica } from '../db/replica.ts';
import type { SmsSender } from './sms.ts';
import type { TokenService } from './tokens.ts';

/** What the HTTP layer hands to modules: built once in buildApp, replaced by fakes in tests. */
export type AppDeps = {
  db: Db;
  /**
   * Where a route declared `reportRead` reads (#34): the streaming replica while it is usable
   * (DATABASE_REPLICA_URL), else the primary. Anywhere else it is the primary (`db`).
   */
  reportDb: Db;
  /** The streaming replica the report routes read from, when DATABASE_REPLICA_URL is set. */
  replica?: Replica;
  config: Config;
  tokens: TokenService;
  sms: SmsSender;
  /** The open database's kind, migration level and pool, for health and metrics (absent in some tests). */
  database?: Pick<Database, 'kind' | 'level' | 'pool'>;
};
