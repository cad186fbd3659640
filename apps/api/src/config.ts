import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((v) => v === 'true' || v === '1');

/** A fault rate of the payout simulator: 0 (never) to 1 (always). */
const rate = z.coerce.number().min(0, 'must be 0 to 1').max(1, 'must be 0 to 1').default(0);

/**
 * A 256-bit key for the payout providers' secrets (#30): 64 hex digits or 32 bytes in base64
 * (`openssl rand -hex 32`). Empty means not set.
 */
const secretKey = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined)
  .refine((v) => v === undefined || keyBytes(v) !== null, 'must be 32 bytes: 64 hex digits or base64')
  .transform((v) => (v === undefined ? undefined : (keyBytes(v) ?? undefined)));

function keyBytes(v: string): Buffer | null {
  const bytes = /^[0-9a-f]{64}$/i.test(v) ? Buffer.from(v, 'hex') : Buffer.from(v, 'base64');
  return bytes.length === 32 ? bytes : null;
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1, 'must not be empty').optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_REPLICA_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  REPLICA_MAX_LAG_SECONDS: z.coerce.number().min(0).max(86_400).default(30),
  JWT_SECRET: z.string().min(32, 'must have at least 32 characters').optional(),
  OTP_ECHO: flag,
  ADMIN_EMAIL: z.email('must be an email address').default('admin@ushirika.local'),
  ADMIN_PASSWORD: z.string().min(8, 'must have at least 8 characters').optional(),
  ADMIN_MOBILE: z
    .string()
    .regex(/^\+?\d{9,15}$/, 'must be 9 to 15 digits')
    .default('255700000001'),
  SMS_GATEWAY_URL: z.url('must be a URL').optional(),
  SMS_GATEWAY_AUTH: z.string().optional(),
  SMS_GATEWAY_BODY: z.string().default('{"to":"{{to}}","message":"{{message}}","sender":"{{sender}}"}'),
  SMS_SENDER_ID: z.string().default('USHIRIKA'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  AUTH_CACHE_MS: z.coerce.number().int().min(0).max(5000).default(1000),
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  SETTLEMENT_TIMING: flag,
  BACKUP_DIR: z.string().min(1, 'must not be empty').optional(),
  UPLOADS_DIR: z.string().min(1, 'must not be empty').optional(),
  ATTACHMENT_MAX_BYTES: z.coerce.number().int().min(1).max(10_485_760).default(10_485_760),
  S3_ENDPOINT: z.url('must be a URL (https://s3.eu-west-1.amazonaws.com, http://minio:9000)').optional(),
  S3_BUCKET: z.string().min(3, 'must be a bucket name').optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PREFIX: z.string().default('uploads/'),
  BACKUP_EVERY: z
    .string()
    .regex(/^\d+(m|h|d)$/, 'must be a number followed by m, h or d (e.g. 6h, 1d)')
    .optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  METRICS_TOKEN: z.string().min(16, 'must have at least 16 characters').optional(),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|[\d.:/a-fA-F, ]+)$/, 'must be true, false or the proxy addresses (e.g. 127.0.0.1)')
    .optional(),
  NODE_ENV: z.string().optional(),
  API_DOCS: z.enum(['public', 'signed-in', 'off']).optional(),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim().replace(/\/$/, ''))
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.string().regex(/^https?:\/\/[^/\s]+$/, 'must be origins like https://example.org, comma-separated'),
      ),
    ),
  HSTS: flag,
  USSD_SECRET: z.string().min(16, 'must have at least 16 characters').optional(),
  USSD_ALLOWED_IPS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((ip) => ip.trim())
        .filter(Boolean),
    ),
  USSD_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  PAYOUT_PROVIDER: z.enum(['none', 'simulator']).default('none'),
  PAYOUT_SIM_TIMEOUT_RATE: rate,
  PAYOUT_SIM_DUPLICATE_CALLBACK_RATE: rate,
  PAYOUT_SIM_NAME_MISMATCH_RATE: rate,
  PAYOUT_SIM_FAIL_RATE: rate,
  PAYOUT_SIM_SEED: z.string().default('ushirika'),
  PAYOUT_SIM_MIN_MS: z.coerce.number().int().min(0).max(60_000).default(50),
  PAYOUT_SIM_MAX_MS: z.coerce.number().int().min(0).max(60_000).default(200),
  PAYOUT_WORKER_MS: z.coerce.number().int().min(10).max(60_000).default(250),
  PAYOUT_QUERY_AFTER_MS: z.coerce.number().int().min(0).default(30_000),
  PAYOUT_NOT_FOUND_GRACE_MS: z.coerce.number().int().min(0).default(120_000),
  PAYOUT_SETTINGS_KEY: secretKey,
  PAYOUT_SETTINGS_KEY_PREVIOUS: secretKey,
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * Reports on a streaming replica (#34, PostgreSQL only): the replica's URL (DATABASE_REPLICA_URL;
   * unset: everything reads the primary) and the lag beyond which reports read the primary again.
   */
  replica: { url: string; maxLagSeconds: number } | undefined;
  jwtSecret: string;
  otpEcho: boolean;
  admin: { email: string; password: string | undefined; mobile: string };
  sms: { url: string | undefined; auth: string | undefined; bodyTemplate: string; senderId: string };
  logLevel: string;
  webDist: string;
  rateLimit: { perIp: number; perAccount: number; windowSeconds: number };
  /** How long a process may reuse its check of a session (0: read it on every request). */
  authCacheMs: number;
  /** API processes to run (PostgreSQL only; PGlite is one process). */
  workers: number;
  /** SETTLEMENT_TIMING=1: print how long each phase of a settlement takes (bench diagnostics). */
  settlementTiming: boolean;
  /** Uploaded files (attachments, editor images): UPLOADS_DIR, by default `<DATA_DIR>/uploads`. */
  uploadsDir: string;
  /** The largest attachment accepted (ATTACHMENT_MAX_BYTES, 10 MB by default and at most). */
  attachmentMaxBytes: number;
  /** An S3-compatible bucket for uploads instead of uploadsDir (S3_BUCKET and its settings). */
  s3:
    | {
        endpoint: string;
        bucket: string;
        region: string;
        accessKeyId: string;
        secretAccessKey: string;
        prefix: string;
      }
    | undefined;
  /** Scheduled backups: where, how often (ms; null: none) and how many to keep. */
  backup: { dir: string | undefined; everyMs: number | null; keep: number };
  /** Bearer token for /api/metrics (an administrator's session works too). */
  metricsToken: string | undefined;
  /** Fastify's trustProxy: behind a reverse proxy, the client address comes from X-Forwarded-For. */
  trustProxy: boolean | string;
  /** Who may read /api/docs: everyone (development default), signed-in users, or nobody (production default). */
  apiDocs: 'public' | 'signed-in' | 'off';
  /** Other origins whose pages may call the API from a browser (none: same origin only). */
  corsOrigins: string[];
  /** Send Strict-Transport-Security: set when the app is served over HTTPS (a proxy ending TLS). */
  hsts: boolean;
  /**
   * The farmers' USSD service (#31): the secret the aggregator sends (`?key=` on the callback URL or
   * the `x-ussd-secret` header; unset: the service answers nobody), the aggregator's addresses
   * (empty: any), and the steps one phone may take in 5 minutes.
   */
  ussd: { secret: string | undefined; allowedIps: string[]; perPhone: number };
  /**
   * Paying payment lines through a provider's API (#30): which provider (none: batches are
   * exported as files), the simulator's fault knobs and delays, how often the background worker
   * runs, how long a sent line waits for its callback before its status is asked, and how long a
   * line the provider has no record of waits before it is failed (docs/OPERATIONS.md).
   */
  payouts: {
    provider: 'none' | 'simulator';
    simulator: {
      timeoutRate: number;
      duplicateCallbackRate: number;
      nameMismatchRate: number;
      failRate: number;
      seed: string;
      minMs: number;
      maxMs: number;
    };
    workerMs: number;
    queryAfterMs: number;
    notFoundGraceMs: number;
    /**
     * The key sealing the providers' secrets in the union's settings (PAYOUT_SETTINGS_KEY), and
     * the one it replaced while a rotation is under way (PAYOUT_SETTINGS_KEY_PREVIOUS).
     */
    settingsKey: Buffer | undefined;
    previousSettingsKey: Buffer | undefined;
  };
  /** The migrated PGlite image a new DATA_DIR starts from (built by `npm run build`). */
  templateFile: string;
  version: string;
  /** The compiled API's build hash (absent when run through tsx): a restart of it skips the seeds. */
  codeFingerprint: string | undefined;
};

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

function durationMs(text: string | undefined): number | null {
  if (!text) return null;
  const unit = text.slice(-1) as keyof typeof UNIT_MS;
  return Number.parseInt(text.slice(0, -1), 10) * UNIT_MS[unit];
}

/** apps/api/src or apps/api/dist: the same depth, so paths from here work compiled or not. */
export const API_ROOT = path.resolve(import.meta.dirname, '..');

function trustProxy(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  return value === 'true' ? true : value;
}

function readBuildHash(): string | undefined {
  const file = path.join(import.meta.dirname, '.build-hash');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

function readVersion(): string {
  try {
    return (
      JSON.parse(readFileSync(path.join(API_ROOT, '..', '..', 'package.json'), 'utf8')) as { version: string }
    ).version;
  } catch {
    return '0.0.0';
  }
}

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad value stops the start with a message naming it. */
/**
 * `data/` at the repository root, whichever folder a command runs in: `npm start` runs the API in
 * apps/api while `npm run seed:demo` runs at the root, and both must open the same database.
 */
const DEFAULT_DATA_DIR = path.resolve(import.meta.dirname, '..', '..', '..', 'data');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = e.DATA_DIR ? path.resolve(e.DATA_DIR) : DEFAULT_DATA_DIR;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    replica: e.DATABASE_REPLICA_URL
      ? { url: e.DATABASE_REPLICA_URL, maxLagSeconds: e.REPLICA_MAX_LAG_SECONDS }
      : undefined,
    jwtSecret: e.JWT_SECRET ?? readOrCreateSecret(dataDir),
    otpEcho: e.OTP_ECHO,
    admin: { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD, mobile: e.ADMIN_MOBILE },
    sms: {
      url: e.SMS_GATEWAY_URL,
      auth: e.SMS_GATEWAY_AUTH,
      bodyTemplate: e.SMS_GATEWAY_BODY,
      senderId: e.SMS_SENDER_ID,
    },
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    rateLimit: { perIp: e.RATE_LIMIT_PER_IP, perAccount: e.RATE_LIMIT_PER_ACCOUNT, windowSeconds: 15 * 60 },
    authCacheMs: e.AUTH_CACHE_MS,
    workers: e.WORKERS,
    settlementTiming: e.SETTLEMENT_TIMING,
    uploadsDir: e.UPLOADS_DIR ? path.resolve(e.UPLOADS_DIR) : path.join(dataDir, 'uploads'),
    attachmentMaxBytes: e.ATTACHMENT_MAX_BYTES,
    s3: bucketSettings(e),
    backup: {
      dir: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : undefined,
      everyMs: durationMs(e.BACKUP_EVERY),
      keep: e.BACKUP_KEEP,
    },
    metricsToken: e.METRICS_TOKEN,
    trustProxy: trustProxy(e.TRUST_PROXY),
    apiDocs: e.API_DOCS ?? (e.NODE_ENV === 'production' ? 'off' : 'public'),
    corsOrigins: e.CORS_ORIGINS,
    hsts: e.HSTS,
    ussd: { secret: e.USSD_SECRET, allowedIps: e.USSD_ALLOWED_IPS, perPhone: e.USSD_RATE_LIMIT },
    payouts: {
      provider: e.PAYOUT_PROVIDER,
      simulator: {
        timeoutRate: e.PAYOUT_SIM_TIMEOUT_RATE,
        duplicateCallbackRate: e.PAYOUT_SIM_DUPLICATE_CALLBACK_RATE,
        nameMismatchRate: e.PAYOUT_SIM_NAME_MISMATCH_RATE,
        failRate: e.PAYOUT_SIM_FAIL_RATE,
        seed: e.PAYOUT_SIM_SEED,
        minMs: e.PAYOUT_SIM_MIN_MS,
        maxMs: Math.max(e.PAYOUT_SIM_MIN_MS, e.PAYOUT_SIM_MAX_MS),
      },
      workerMs: e.PAYOUT_WORKER_MS,
      queryAfterMs: e.PAYOUT_QUERY_AFTER_MS,
      notFoundGraceMs: e.PAYOUT_NOT_FOUND_GRACE_MS,
      settingsKey: e.PAYOUT_SETTINGS_KEY,
      previousSettingsKey: e.PAYOUT_SETTINGS_KEY_PREVIOUS,
    },
    templateFile: path.join(API_ROOT, 'dist', 'pglite-template.tar'),
    version: readVersion(),
    codeFingerprint: readBuildHash(),
  };
}

/** S3_BUCKET turns the bucket on; then its endpoint and key are required, named when missing. */
function bucketSettings(e: z.infer<typeof envSchema>): Config['s3'] {
  if (!e.S3_BUCKET) return undefined;
  const missing = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !e[k]);
  if (missing.length) {
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((k) => `  ${k}: required when S3_BUCKET is set`).join('\n')}`,
    );
  }
  return {
    endpoint: e.S3_ENDPOINT ?? '',
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
    prefix: e.S3_PREFIX,
  };
}

/** Without JWT_SECRET a secret is generated once and kept in DATA_DIR so tokens survive a restart. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
