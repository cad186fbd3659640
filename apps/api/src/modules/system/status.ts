import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { migrationsFolder } from '../../db/client.ts';
import { migrationLevel, readMigrations, type SqlRunner } from '../../db/migrate.ts';
import { queryRows } from '../../db/rows.ts';
import type { AppDeps } from '../../platform/deps.ts';

/** The database's migration level (from the open Database, or read through the handle in tests). */
export async function databaseLevel(deps: AppDeps) {
  if (deps.database) return deps.database.level();
  const run: SqlRunner = (statement) =>
    queryRows(deps.db, z.record(z.string(), z.unknown()), sql.raw(statement));
  return migrationLevel(run, readMigrations(migrationsFolder));
}

/** Gauges read when /api/metrics is scraped: SMS outbox, database pool, migrations, process. */
export async function operationalGauges(deps: AppDeps): Promise<string[]> {
  const outbox = await queryRows(
    deps.db,
    z.object({ status: z.string(), n: z.string() }),
    sql`select status, count(*)::text as n from sms_outbox where status in ('pending', 'failed') group by status`,
  );
  const count = (status: string) => outbox.find((r) => r.status === status)?.n ?? '0';
  const level = await databaseLevel(deps);
  const memory = process.memoryUsage();
  const lines = [
    '# HELP ushirika_info The running version (value 1).',
    '# TYPE ushirika_info gauge',
    `ushirika_info{version="${deps.config.version}",database="${deps.database?.kind ?? 'unknown'}"} 1`,
    '# HELP ushirika_sms_outbox_pending SMS waiting to be sent (or retried).',
    '# TYPE ushirika_sms_outbox_pending gauge',
    `ushirika_sms_outbox_pending ${count('pending')}`,
    '# HELP ushirika_sms_failed SMS the gateway refused after every retry.',
    '# TYPE ushirika_sms_failed gauge',
    `ushirika_sms_failed ${count('failed')}`,
    '# HELP ushirika_migrations_pending Migrations of this code not applied to the database.',
    '# TYPE ushirika_migrations_pending gauge',
    `ushirika_migrations_pending ${level.pending}`,
    '# HELP process_resident_memory_bytes Resident memory of this API process.',
    '# TYPE process_resident_memory_bytes gauge',
    `process_resident_memory_bytes ${memory.rss}`,
    '# HELP process_uptime_seconds Seconds since this API process started.',
    '# TYPE process_uptime_seconds gauge',
    `process_uptime_seconds ${Math.round(process.uptime())}`,
  ];
  lines.push(...(await replicaGauges(deps)));
  const pool = deps.database?.pool?.();
  if (pool) {
    lines.push(
      '# HELP ushirika_db_pool_connections PostgreSQL connections of this process, by state.',
      '# TYPE ushirika_db_pool_connections gauge',
      `ushirika_db_pool_connections{state="total"} ${pool.total}`,
      `ushirika_db_pool_connections{state="idle"} ${pool.idle}`,
      `ushirika_db_pool_connections{state="waiting"} ${pool.waiting}`,
      `ushirika_db_pool_connections{state="max"} ${pool.max}`,
    );
  }
  return lines;
}

/** The replica's part of /api/health (#34): nothing without DATABASE_REPLICA_URL. */
export async function replicaHealth(deps: AppDeps) {
  if (!deps.replica) return {};
  const status = await deps.replica.monitor.current();
  const maxLagSeconds = deps.replica.monitor.maxLagSeconds;
  const lagSeconds = status.lagSeconds === null ? null : Math.round(status.lagSeconds * 10) / 10;
  if (status.source === 'replica') return { replica: { status: 'ok' as const, lagSeconds, maxLagSeconds } };
  if (status.reason === 'behind')
    return { replica: { status: 'behind' as const, lagSeconds, maxLagSeconds } };
  return { replica: { status: 'unavailable' as const, lagSeconds, maxLagSeconds, message: status.error } };
}

/** The replica's gauges (#34): whether reports read it, its lag, its pool. None without a replica. */
async function replicaGauges(deps: AppDeps): Promise<string[]> {
  if (!deps.replica) return [];
  const status = await deps.replica.monitor.current();
  const pool = deps.replica.pool();
  return [
    '# HELP ushirika_replica_up Whether the report routes read the replica now (1) or the primary (0).',
    '# TYPE ushirika_replica_up gauge',
    `ushirika_replica_up ${status.source === 'replica' ? 1 : 0}`,
    '# HELP ushirika_replica_lag_seconds How far the replica is behind the primary (NaN: unreachable).',
    '# TYPE ushirika_replica_lag_seconds gauge',
    `ushirika_replica_lag_seconds ${status.lagSeconds === null ? 'NaN' : status.lagSeconds.toFixed(3)}`,
    '# HELP ushirika_replica_max_lag_seconds Beyond this lag the reports read the primary (REPLICA_MAX_LAG_SECONDS).',
    '# TYPE ushirika_replica_max_lag_seconds gauge',
    `ushirika_replica_max_lag_seconds ${deps.replica.monitor.maxLagSeconds}`,
    '# HELP ushirika_db_replica_pool_connections Replica connections of this process, by state.',
    '# TYPE ushirika_db_replica_pool_connections gauge',
    `ushirika_db_replica_pool_connections{state="total"} ${pool.total}`,
    `ushirika_db_replica_pool_connections{state="idle"} ${pool.idle}`,
    `ushirika_db_replica_pool_connections{state="waiting"} ${pool.waiting}`,
    `ushirika_db_replica_pool_connections{state="max"} ${pool.max}`,
  ];
}
