import { buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import type { Db } from '../../src/db/client.ts';
import type { ZodApp } from '../../src/platform/app-types.ts';
import type { SmsSender } from '../../src/platform/sms.ts';
import { TokenService } from '../../src/platform/tokens.ts';
import { localServerEnv } from '../../test/hardening/child-server.ts';

export const BENCH_ADMIN_EMAIL = 'bench.admin@ushirika.test';
/** The password of the bench administrator and of every generated user (one hash, reused). */
export const BENCH_PASSWORD = 'Bench#2026pass';
/** The USSD aggregator's shared secret on the bench server (#31). */
export const BENCH_USSD_SECRET = 'bench-ussd-secret-0123456789';

/**
 * The server's own configuration, read by loadConfig, with the settings every server started for
 * the tests or the bench has (codes echoed in the login answer, no rate limits to speak of, no
 * logging): the same as the season day's main.ts children.
 */
export function benchConfig(): Config {
  return loadConfig({
    ...localServerEnv({ email: BENCH_ADMIN_EMAIL, password: BENCH_PASSWORD }),
    // Passed on so `SETTLEMENT_TIMING=1 npm run bench` prints the settlement phases.
    SETTLEMENT_TIMING: process.env.SETTLEMENT_TIMING ?? 'false',
    // WEB_DIST=<folder> serves another web build to the browser rows (an earlier one, say).
    ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    USSD_SECRET: BENCH_USSD_SECRET,
    USSD_RATE_LIMIT: '100000000',
  });
}

/** SMS go nowhere: the bench reads the code from the login answer (OTP_ECHO). */
class NoSms implements SmsSender {
  async send(): Promise<void> {}
}

export type BenchServer = {
  url: string;
  app: ZodApp;
  /** Each answered request's time inside the server (Fastify's elapsedTime: routing to response sent), ms. */
  serverTimes: number[];
  close(): Promise<void>;
};

/**
 * The real app, as main.ts builds it, on a loopback port chosen by the system; with `serveWeb`
 * also the built web app (the browser figures of the offline suite).
 */
export async function startBenchServer(
  db: Db,
  config: Config,
  { serveWeb = false }: { serveWeb?: boolean } = {},
): Promise<BenchServer> {
  const app = await buildApp(
    { db, reportDb: db, config, tokens: new TokenService(config.jwtSecret), sms: new NoSms() },
    { logger: false, serveWeb, ...(serveWeb ? { smsOutbox: false as const } : {}) },
  );
  const serverTimes: number[] = [];
  app.addHook('onResponse', async (_request, reply) => {
    serverTimes.push(reply.elapsedTime);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('The bench server has no address');
  return { url: `http://127.0.0.1:${address.port}`, app, serverTimes, close: () => app.close() };
}
