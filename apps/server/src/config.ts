import { z } from 'zod';
import path from 'node:path';
import type { AiConfig } from './providers/ai/ai-provider';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** A streaming replica of DATABASE_URL: lists, reports, analytics and exports read from it. */
  DATABASE_READ_URL: z.string().url().optional(),
  SECRET_KEY: z.string().min(32, 'SECRET_KEY must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(10, 'ADMIN_PASSWORD must be at least 10 characters').optional(),
  ADMIN_NAME: z.string().min(1).default('Admissions Admin'),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(480),
  SESSION_MAX_HOURS: z.coerce.number().int().positive().default(168),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  WIDGET_DIST_DIR: z.string().optional(),
  MAILERLITE_API_KEY: z.string().optional(),
  MAILERLITE_API_URL: z.string().url().default('https://connect.mailerlite.com/api'),
  MAILERLITE_WEBHOOK_SECRET: z
    .string()
    .min(8, 'MAILERLITE_WEBHOOK_SECRET must be at least 8 characters')
    .optional(),
  EMAIL_EVENTS_WEBHOOK_SECRET: z
    .string()
    .regex(
      /^whsec_[A-Za-z0-9+/]+={0,2}$/,
      'EMAIL_EVENTS_WEBHOOK_SECRET must be a Standard Webhooks secret (whsec_ and base64)',
    )
    .optional(),
  PUBLIC_URL: z.string().url().optional(),
  WIDGET_IMAGE_HOSTS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  EMAIL_PROVIDER: z.enum(['outbox', 'smtp']).default('outbox'),
  SMTP_URL: z.string().url().optional(),
  EMAIL_FROM: z.string().min(3).default('Admissions <admissions@localhost>'),
  /** Campaign sending (issue 23): messages a second (0 = no limit), parallel sends, auto-pause. */
  EMAIL_SEND_RATE: z.coerce.number().min(0).max(100_000).default(10),
  EMAIL_SEND_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(4),
  CAMPAIGN_PAUSE_AFTER_FAILURES: z.coerce.number().int().min(1).max(1_000_000).default(10),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  DOWNLOAD_LINK_DAYS: z.coerce.number().positive().max(365).default(7),
  /** Days a campaign approval link lives (spec document 3, issue 23). */
  APPROVAL_LINK_DAYS: z.coerce.number().positive().max(365).default(14),
  ENROLL_SUBMISSIONS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
  ENROLL_ANALYTICS_SCRIPT_URL: z.string().url().optional(),
  ENROLL_ANALYTICS_DOMAIN: z.string().optional(),
  AI_BASE_URL: z.string().url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_CHAT_MODEL: z.string().optional(),
  AI_VISION_MODEL: z.string().optional(),
  AI_EMBEDDING_MODEL: z.string().optional(),
  AI_EMBEDDING_DIMENSIONS: z.coerce.number().int().min(1).max(4096).optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  CHAT_ENGINE: z.enum(['auto', 'offline']).default('auto'),
  CHAT_AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(12_000),
  CHAT_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
  CHAT_REQUESTS_PER_MINUTE_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(120),
  CHAT_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  SCHOOL_TIME_ZONE: z
    .string()
    .default('UTC')
    .refine(isTimeZone, 'must be an IANA time zone such as Europe/London'),
});

/** Whether the name is an IANA time zone this runtime knows ('America/New_York', 'UTC'). */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export type AppConfig = {
  isProduction: boolean;
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** DATABASE_READ_URL: a replica for reads that may lag the primary by a moment (PostgreSQL only). */
  databaseReadUrl: string | undefined;
  secretKey: string | undefined;
  admin: { email: string | undefined; password: string | undefined; name: string };
  session: { idleMinutes: number; maxHours: number; cacheSeconds: number };
  trustProxy: boolean;
  logLevel: string;
  webDistDir: string | undefined;
  widgetDistDir: string | undefined;
  mailerlite: { apiKey: string | null; apiUrl: string };
  /** Secrets of the webhook receivers (modules/webhooks); a receiver without one refuses every delivery. */
  webhooks: { mailerliteSecret: string | null; emailEventsSecret: string | null };
  /** The site's address for links in emails; requests' own origin when unset. */
  publicUrl: string | undefined;
  /** Hosts the widget may load its avatar and logo from over https, besides our own origin. */
  widgetImageHosts: string[];
  email: {
    provider: 'outbox' | 'smtp';
    smtpUrl: string | undefined;
    from: string;
    /** EMAIL_SEND_RATE: campaign messages a second, 0 for no limit. */
    sendRate: number;
    /** EMAIL_SEND_CONCURRENCY: campaign messages in flight at once per server. */
    sendConcurrency: number;
    /** CAMPAIGN_PAUSE_AFTER_FAILURES: consecutive failures before a send pauses itself. */
    pauseAfterFailures: number;
  };
  storage:
    | { kind: 'local'; root: string }
    | {
        kind: 's3';
        bucket: string;
        region: string;
        endpoint: string | undefined;
        accessKeyId: string;
        secretAccessKey: string;
        forcePathStyle: boolean;
      };
  downloadLinkDays: number;
  approvalLinkDays: number;
  enroll: { submissionsPerMinute: number; analytics: { scriptUrl: string; domain: string | null } | null };
  /** The OpenAI-compatible AI provider (providers/ai); every model null means offline. */
  ai: AiConfig;
  /** The widget's conversation engine (modules/chat): AI when a chat model is configured, unless 'offline'. */
  chat: {
    engine: 'auto' | 'offline';
    aiTimeoutMs: number;
    messagesPerMinutePerVisitor: number;
    requestsPerMinutePerAddress: number;
    /** How often abandoned conversations are marked and quiet conversations' leads written. */
    sweepSeconds: number;
  };
  /** The school's IANA time zone: analytics' dates, 'Today' and peak hours are in it. */
  schoolTimeZone: string;
};

/** Reads the configuration from environment variables (documented in .env.example). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty value (`KEY=` in .env) means unset.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  if (e.DATABASE_READ_URL && !e.DATABASE_URL)
    throw new Error(
      'Invalid configuration: DATABASE_READ_URL is a replica of DATABASE_URL, which is not set',
    );
  if (e.EMAIL_PROVIDER === 'smtp' && !e.SMTP_URL)
    throw new Error('Invalid configuration: EMAIL_PROVIDER=smtp needs SMTP_URL');
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    isProduction: e.NODE_ENV === 'production',
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    secretKey: e.SECRET_KEY,
    admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD, name: e.ADMIN_NAME },
    session: {
      idleMinutes: e.SESSION_IDLE_MINUTES,
      maxHours: e.SESSION_MAX_HOURS,
      cacheSeconds: e.SESSION_CACHE_SECONDS,
    },
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR,
    widgetDistDir: e.WIDGET_DIST_DIR,
    mailerlite: { apiKey: e.MAILERLITE_API_KEY ?? null, apiUrl: e.MAILERLITE_API_URL },
    webhooks: {
      mailerliteSecret: e.MAILERLITE_WEBHOOK_SECRET ?? null,
      emailEventsSecret: e.EMAIL_EVENTS_WEBHOOK_SECRET ?? null,
    },
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    widgetImageHosts: e.WIDGET_IMAGE_HOSTS,
    email: {
      provider: e.EMAIL_PROVIDER,
      smtpUrl: e.SMTP_URL,
      from: e.EMAIL_FROM,
      sendRate: e.EMAIL_SEND_RATE,
      sendConcurrency: e.EMAIL_SEND_CONCURRENCY,
      pauseAfterFailures: e.CAMPAIGN_PAUSE_AFTER_FAILURES,
    },
    storage: storageConfig(e, dataDir),
    downloadLinkDays: e.DOWNLOAD_LINK_DAYS,
    approvalLinkDays: e.APPROVAL_LINK_DAYS,
    enroll: {
      submissionsPerMinute: e.ENROLL_SUBMISSIONS_PER_MINUTE,
      analytics: e.ENROLL_ANALYTICS_SCRIPT_URL
        ? { scriptUrl: e.ENROLL_ANALYTICS_SCRIPT_URL, domain: e.ENROLL_ANALYTICS_DOMAIN ?? null }
        : null,
    },
    ai: {
      baseUrl: e.AI_BASE_URL ?? null,
      apiKey: e.AI_API_KEY ?? null,
      chatModel: e.AI_CHAT_MODEL ?? null,
      visionModel: e.AI_VISION_MODEL ?? null,
      embeddingModel: e.AI_EMBEDDING_MODEL ?? null,
      embeddingDimensions: e.AI_EMBEDDING_DIMENSIONS ?? null,
      timeoutMs: e.AI_TIMEOUT_MS,
    },
    chat: {
      engine: e.CHAT_ENGINE,
      aiTimeoutMs: e.CHAT_AI_TIMEOUT_MS,
      messagesPerMinutePerVisitor: e.CHAT_MESSAGES_PER_MINUTE,
      requestsPerMinutePerAddress: e.CHAT_REQUESTS_PER_MINUTE_PER_ADDRESS,
      sweepSeconds: e.CHAT_SWEEP_SECONDS,
    },
    schoolTimeZone: e.SCHOOL_TIME_ZONE,
  };
}

function storageConfig(e: z.output<typeof envSchema>, dataDir: string): AppConfig['storage'] {
  if (e.STORAGE === 'local') return { kind: 'local', root: path.join(dataDir, 'files') };
  const missing = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter(
    (k) => !e[k as keyof typeof e],
  );
  if (missing.length) throw new Error(`Invalid configuration: STORAGE=s3 needs ${missing.join(', ')}`);
  return {
    kind: 's3',
    bucket: e.S3_BUCKET!,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}
