import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { SmsSender } from './sms.ts';
import type { TokenService } from './tokens.ts';

/** What the HTTP layer hands to modules: built once in buildApp, replaced by fakes in tests. */
export type AppDeps = {
  db: Db;
  config: Config;
  tokens: TokenService;
  sms: SmsSender;
  /** The open database's kind, migration level and pool, for health and metrics (absent in some tests). */
  database?: Pick<Database, 'kind' | 'level' | 'pool'>;
};
