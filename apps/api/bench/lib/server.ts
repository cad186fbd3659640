import { randomBytes } from 'node:crypto';
import { buildApp, type ZodApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import type { Db } from '../../src/db/client.ts';
import type { SmsSender } from '../../src/platform/sms.ts';
import { TokenService } from '../../src/platform/tokens.ts';

export const BENCH_ADMIN_EMAIL = 'bench.admin@ushirika.test';
/** The password of the bench administrator and of every generated user (one hash, reused). */
export const BENCH_PASSWORD = 'Bench#2026pass';

/**
 * The server's own configuration, read by loadConfig, with what a bench needs: codes echoed in the
 * login answer, rate limits far above what the bench sends from one IP, and no logging.
 */
export function benchConfig(): Config {
  return loadConfig({
    OTP_ECHO: 'true',
    JWT_SECRET: randomBytes(48).toString('base64url'),
    RATE_LIMIT_PER_IP: '100000000',
    RATE_LIMIT_PER_ACCOUNT: '100000000',
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: BENCH_ADMIN_EMAIL,
    ADMIN_PASSWORD: BENCH_PASSWORD,
    // Passed on so `SETTLEMENT_TIMING=1 npm run bench` prints the settlement phases.
    SETTLEMENT_TIMING: process.env.SETTLEMENT_TIMING ?? 'false',
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

/** The real app, as main.ts builds it, on a loopback port chosen by the system. */
export async function startBenchServer(db: Db, config: Config): Promise<BenchServer> {
  const app = await buildApp(
    { db, config, tokens: new TokenService(config.jwtSecret), sms: new NoSms() },
    { logger: false, serveWeb: false },
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

export type PostReply = { status: number; body: Record<string, unknown> };

export async function postJson(url: string, body: unknown): Promise<PostReply> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** Both sign-in steps; answers the status that decided it and, on success, the access token. */
export async function signIn(
  baseUrl: string,
  email: string,
  password: string,
): Promise<{ status: number; access?: string; body: Record<string, unknown> }> {
  const login = await postJson(`${baseUrl}/api/auth/login`, { email, password });
  if (login.status !== 200) return { status: login.status, body: login.body };
  const { otp, access_token: pending } = login.body;
  const verify = await postJson(`${baseUrl}/api/auth/verify-otp`, { otp, accessToken: pending });
  if (verify.status !== 200) return { status: verify.status, body: verify.body };
  const access = verify.body.access_token;
  return { status: 200, body: verify.body, ...(typeof access === 'string' ? { access } : {}) };
}
