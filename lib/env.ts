import { z } from 'zod';

/**
 * Validated configuration. Read lazily so that `next build` does not need runtime secrets;
 * every variable is documented in the README.
 */
const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** An absolute http(s) URL (a relative one, or `localhost:3000`, is refused). */
const httpUrl = (name: string) =>
  z.url({ protocol: /^https?$/, message: `${name} must be an absolute http:// or https:// URL` });

/** A URL of one of the given schemes that the URL parser accepts (the message never repeats the value). */
const parsableUrl = (name: string, schemes: RegExp, expected: string) =>
  z.string().refine(
    (value) => {
      try {
        const url = new URL(value);
        return schemes.test(url.protocol) && url.hostname !== '';
      } catch {
        return false;
      }
    },
    { message: `${name} must be a ${expected} URL with a host` },
  );

/** The OTLP transports this server speaks (the spec's values; gRPC is not among them). */
const otlpProtocol = (name: string) =>
  z.enum(['http/protobuf', 'http/json'], {
    message: `${name} must be http/protobuf or http/json (grpc is not supported)`,
  });

const secret = (name: string) => z.string().min(32, `${name} must be at least 32 characters`);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: parsableUrl('DATABASE_URL', /^postgres(ql)?:$/, 'postgres:// or postgresql://').optional(),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
  DB_QUEUE_MAX: z.coerce.number().int().min(0).max(10_000).default(20),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  // Proxies in front that append to X-Forwarded-For (lib/client-address.ts); 0: clients connect directly.
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  BENEFITS_API_URL: httpUrl('BENEFITS_API_URL').optional(),
  NEXTAUTH_URL: httpUrl('NEXTAUTH_URL').optional(),
  NEXTAUTH_SECRET: secret('NEXTAUTH_SECRET').optional(),
  API_TOKEN_SECRET: secret('API_TOKEN_SECRET').optional(),
  SEED_DEMO: booleanish.default(true),
  // Roles that must have a second factor (comma-separated, `none` for none); unset: admin,backoffice,
  // or none with SEED_DEMO (the demo sign-ins stay one-step). See mfaRequiredRoles().
  MFA_REQUIRED_ROLES: z
    .string()
    .regex(
      /^\s*(none|(admin|backoffice|distributor|manager)(\s*,\s*(admin|backoffice|distributor|manager))*)\s*$/,
      'MFA_REQUIRED_ROLES must be `none` or a comma-separated list of admin, backoffice, distributor, manager',
    )
    .optional(),
  // Encrypts the TOTP secrets at rest (a key is derived from it with HKDF); default: API_TOKEN_SECRET.
  MFA_ENCRYPTION_SECRET: secret('MFA_ENCRYPTION_SECRET').optional(),
  // The history's keyed chain (docs/security.md "Keyed chain"): the HMAC key, never stored in the
  // database; required in production. After a rotation the old key checks the entries sealed under it.
  AUDIT_CHAIN_KEY: secret('AUDIT_CHAIN_KEY').optional(),
  AUDIT_CHAIN_KEY_PREVIOUS: secret('AUDIT_CHAIN_KEY_PREVIOUS').optional(),
  // Where the signed checkpoints of the chains' heads are appended (JSON lines), besides the log.
  AUDIT_CHECKPOINT_FILE: z.string().min(1).optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(12).optional(),
  SMTP_URL: parsableUrl('SMTP_URL', /^smtps?:$/, 'smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().default('Employee Benefits Master Tool <no-reply@example.com>'),
  // The job queue (lib/server/jobs): workers in this process, how often they look for work, mail retries.
  JOBS_IN_PROCESS: booleanish.default(true),
  JOBS_POLL_MS: z.coerce.number().int().min(500).max(60_000).default(500),
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(100).default(12),
  // Webhooks (issue 48): first retry delay (doubling, 11 retries ≥ 34 h at 60 s), and whether private addresses may receive.
  WEBHOOK_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: booleanish.default(false),
  // Who looked at whose personal data (issue 51): rows older than this many months go, daily.
  ACCESS_LOG_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(12),
  // Issue 51: how long deleted documents, tasks and whitelist entries can be restored before the purge.
  RESTORE_WINDOW_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  DIGEST_TIME: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'DIGEST_TIME must be HH:MM')
    .default('07:00'),
  // Files are stored in a bytea column (at most 1 GB in PostgreSQL) and read whole per download.
  MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .max(512 * 1024 * 1024)
    .default(20 * 1024 * 1024),
  OPERATOR_NAME: z.string().default('Beispiel Benefits GmbH'),
  OPERATOR_ADDRESS: z.string().default('Musterstraße 1, 10115 Berlin'),
  OPERATOR_EMAIL: z.string().default('kontakt@example.com'),
  OPERATOR_PHONE: z.string().default('+49 30 1234567'),
  OPERATOR_REPRESENTATIVE: z.string().default('Erika Mustermann'),
  OPERATOR_REGISTER: z.string().default('Amtsgericht Berlin-Charlottenburg, HRB 000000'),
  OPERATOR_VAT_ID: z.string().default('DE000000000'),
  PRIVACY_CONTACT: z.string().default('datenschutz@example.com'),
  // Observability (issue 47): scripts/server.mjs, lib/server/observability.
  EVENT_LOOP_WARN_MS: z.coerce.number().int().min(0).max(600_000).default(250),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
  METRICS_TOKEN: secret('METRICS_TOKEN').optional(),
  // Traces (lib/server/observability/tracing.ts): exported over OTLP/HTTP only when an endpoint is set.
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl('OTEL_EXPORTER_OTLP_ENDPOINT').optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: httpUrl('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT').optional(),
  OTEL_EXPORTER_OTLP_PROTOCOL: otlpProtocol('OTEL_EXPORTER_OTLP_PROTOCOL').optional(),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: otlpProtocol('OTEL_EXPORTER_OTLP_TRACES_PROTOCOL').optional(),
  OTEL_SERVICE_NAME: z.string().min(1).max(200).default('employee-benefits'),
  OTEL_SDK_DISABLED: booleanish.default(false),
  // `POST /ops/backup` of scripts/server.mjs (loopback only); unset, there is none.
  BACKUP_TOKEN: secret('BACKUP_TOKEN').optional(),
});

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

export function getEnv(): Env {
  if (cached) return cached;
  const raw: Record<string, string | undefined> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = process.env[key];
    raw[key] = value === '' ? undefined : value;
  }
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`Invalid configuration:\n  ${issueLines(parsed.error.issues).join('\n  ')}`);
  cached = parsed.data;
  return cached;
}

/** One line per problem, naming the variable; zod's and our messages never repeat the value. */
function issueLines(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

/** Variables a running server or worker needs although the schema lets `next build` and tests go without. */
const REQUIRED_AT_START = ['NEXTAUTH_SECRET', 'API_TOKEN_SECRET'] as const;

/**
 * Every problem with the configuration a server or worker would run into later, one line each (the
 * variable and what is wrong, never its value); empty when it may start. `npm start` supplies the
 * secrets it keeps in DATA_DIR, so only a half-configured `node scripts/server.mjs` is refused.
 */
export function startupConfigProblems(source: Record<string, string | undefined> = process.env): string[] {
  const raw: Record<string, string | undefined> = {};
  for (const key of Object.keys(envSchema.shape)) raw[key] = source[key] === '' ? undefined : source[key];
  const parsed = envSchema.safeParse(raw);
  const problems = parsed.success ? [] : issueLines(parsed.error.issues);
  // The history's keyed chain refuses every write in production without its key (chain-keys.ts).
  const required = source.NODE_ENV === 'production' ? [...REQUIRED_AT_START, 'AUDIT_CHAIN_KEY'] : REQUIRED_AT_START;
  for (const name of required) {
    if (raw[name] === undefined)
      problems.push(`${name}: is not set (npm start creates one in DATA_DIR; ops must set it)`);
  }
  return problems;
}

/** The benefits API the UI talks to; by default this server's own /api/v1. */
export function benefitsApiUrl(): string {
  const env = getEnv();
  return (env.BENEFITS_API_URL ?? `http://127.0.0.1:${env.PORT}/api/v1`).replace(/\/+$/, '');
}

/**
 * True when the benefits API is this application (BENEFITS_API_URL unset or naming this server's
 * own /api/v1): then the server's API calls are handed to the route handlers in process.
 */
export function isBenefitsApiThisApp(): boolean {
  const env = getEnv();
  return !env.BENEFITS_API_URL || benefitsApiUrl() === `http://127.0.0.1:${env.PORT}/api/v1`;
}

/**
 * Headers for this server's calls to its own API: while scripts/server.mjs drains on shutdown it
 * serves only requests with its per-process pass (the API calls of pages still in flight).
 */
export function selfCallHeaders(): Record<string, string> {
  const pass = process.env.BENEFITS_DRAIN_PASS;
  return pass && !getEnv().BENEFITS_API_URL ? { 'x-benefits-drain-pass': pass } : {};
}

export function appBaseUrl(): string {
  const env = getEnv();
  return (env.NEXTAUTH_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
}

/** The roles whose users must have a second factor (MFA_REQUIRED_ROLES). */
export function mfaRequiredRoles(): ReadonlySet<string> {
  const env = getEnv();
  const raw = env.MFA_REQUIRED_ROLES?.trim() ?? (env.SEED_DEMO ? 'none' : 'admin,backoffice');
  return new Set(raw === 'none' ? [] : raw.split(',').map((role) => role.trim()));
}

export function requireSecret(name: 'NEXTAUTH_SECRET' | 'API_TOKEN_SECRET'): string {
  const value = getEnv()[name];
  if (!value) throw new Error(`${name} is not set (npm start creates one in DATA_DIR; ops must set it)`);
  return value;
}
