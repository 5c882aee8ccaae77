import { z } from 'zod';
import path from 'node:path';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
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
});

export type AppConfig = {
  isProduction: boolean;
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  secretKey: string | undefined;
  admin: { email: string | undefined; password: string | undefined; name: string };
  session: { idleMinutes: number; maxHours: number; cacheSeconds: number };
  trustProxy: boolean;
  logLevel: string;
  webDistDir: string | undefined;
  widgetDistDir: string | undefined;
  mailerlite: { apiKey: string | null; apiUrl: string };
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
  return {
    isProduction: e.NODE_ENV === 'production',
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
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
  };
}
