/**
 * Reports on a streaming replica (#34). Where a report read goes, as the screens and
 * /api/health say it: the replica and its lag, or the primary and why (the replica is behind the
 * lag setting, or it did not answer).
 */
export type ReplicaStatus =
  | { source: 'replica'; lagSeconds: number }
  | { source: 'primary'; reason: 'behind'; lagSeconds: number | null }
  | { source: 'primary'; reason: 'unavailable'; lagSeconds: null; error: string };

/** What one look at the replica found: whether it is a standby, and how far behind it is. */
export type ReplicaProbe = { inRecovery: boolean; lagSeconds: number | null };

/**
 * The verdict on one look (pure): a standby no further behind than `maxLagSeconds` takes the
 * reports; a server that is no longer a standby (promoted) is not the primary's copy any more.
 */
export function replicaVerdict(probe: ReplicaProbe | Error, maxLagSeconds: number): ReplicaStatus {
  if (probe instanceof Error) {
    return { source: 'primary', reason: 'unavailable', lagSeconds: null, error: probe.message };
  }
  if (!probe.inRecovery) {
    return {
      source: 'primary',
      reason: 'unavailable',
      lagSeconds: null,
      error: 'the replica is not in recovery (promoted?)',
    };
  }
  if (probe.lagSeconds === null || probe.lagSeconds > maxLagSeconds) {
    return { source: 'primary', reason: 'behind', lagSeconds: probe.lagSeconds };
  }
  return { source: 'replica', lagSeconds: probe.lagSeconds };
}

/**
 * The lag: 0 when the standby streams and has replayed everything it received (an idle primary
 * sends nothing, and the last replayed transaction's age is then no lag at all), else the age of
 * the last replayed transaction. "Replayed at or past received", not "equal": a restarted standby's
 * receiver starts counting from its WAL segment's first byte, behind what it already replayed, and
 * stays there until the primary writes again. Not streaming yet (received is null): the age.
 */
export const LAG_QUERY = `select pg_is_in_recovery() as in_recovery,
  case when pg_last_wal_replay_lsn() >= pg_last_wal_receive_lsn() then 0
       else extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 end as lag`;

/**
 * Looks at the replica at most once every `everyMs` (2 s): report requests in between reuse the
 * verdict, and concurrent ones share one look. A look that takes longer than `timeoutMs` counts as
 * the replica being unavailable. A report that finds the replica gone mid-request marks it at once.
 */
export class ReplicaMonitor {
  private status: ReplicaStatus | undefined;
  private at = Number.NEGATIVE_INFINITY;
  private looking: Promise<ReplicaStatus> | undefined;

  constructor(
    private readonly probe: () => Promise<ReplicaProbe>,
    readonly maxLagSeconds: number,
    private readonly options: { everyMs?: number; timeoutMs?: number; now?: () => number } = {},
  ) {}

  private now(): number {
    return this.options.now ? this.options.now() : performance.now();
  }

  /** The current verdict, looking again when the last look is older than `everyMs`. */
  current(): Promise<ReplicaStatus> {
    if (this.status && this.now() - this.at < (this.options.everyMs ?? 2000)) {
      return Promise.resolve(this.status);
    }
    this.looking ??= this.look().finally(() => {
      this.looking = undefined;
    });
    return this.looking;
  }

  private async look(): Promise<ReplicaStatus> {
    const timeoutMs = this.options.timeoutMs ?? 2000;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    let probe: ReplicaProbe | Error;
    try {
      probe = await Promise.race([this.probe(), timeout]);
    } catch (error) {
      probe = error instanceof Error ? error : new Error(String(error));
    } finally {
      clearTimeout(timer);
    }
    return this.keep(replicaVerdict(probe, this.maxLagSeconds));
  }

  private keep(status: ReplicaStatus): ReplicaStatus {
    this.status = status;
    this.at = this.now();
    return status;
  }

  /** A report found the replica gone: reports read the primary until the next look. */
  markUnavailable(error: Error): ReplicaStatus {
    return this.keep(replicaVerdict(error, this.maxLagSeconds));
  }
}

export type PoolState = { total: number; idle: number; waiting: number; max: number };

/** The replica: its own pool, the monitor, and the way a report read is sent to it. */
export type Replica = {
  monitor: ReplicaMonitor;
  /** Runs `read` with `reportDb` reading from the replica (the request's async context). */
  onReplica<T>(read: () => T): T;
  pool(): PoolState;
  close(): Promise<void>;
};

/**
 * `reportDb`: the primary, except inside `onReplica` (a report route, the replica usable), where it
 * is the replica. Anything else that reaches it (a write route, a job) reads and writes the primary.
 */
export function routedDb<D extends object>(primary: D, current: () => D | undefined): D {
  return new Proxy(primary, {
    get(_target, key) {
      const db = current() ?? primary;
      const value = Reflect.get(db, key, db) as unknown;
      return typeof value === 'function' ? value.bind(db) : value;
    },
  });
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);

/**
 * An error that says the replica is gone (rather than the report being wrong): refused or dropped
 * connections, a server shutting down or still starting (SQLSTATE class 08, 57P01-57P03).
 */
export function replicaGone(error: unknown): boolean {
  return causes(error).some((e) => {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || /^08|^57P0[123]$/.test(code))) return true;
    return /Connection terminated|timeout exceeded when trying to connect|connection error/i.test(e.message);
  });
}

/** A query the standby cancelled because replay needed its rows (a recovery conflict): the primary answers. */
export function recoveryConflict(error: unknown): boolean {
  return causes(error).some((e) => (e as { code?: unknown }).code === '40001' && /recovery/i.test(e.message));
}

/** The error and what it wraps (drizzle wraps the driver's error in `cause`). */
function causes(error: unknown): Error[] {
  const found: Error[] = [];
  let e: unknown = error;
  while (e instanceof Error && found.length < 5) {
    found.push(e);
    e = e.cause;
  }
  return found;
}
