import {
  changePasswordRequestSchema,
  errorSchema,
  loginHintResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  meResponseSchema,
  messageResponseSchema,
  successSchema,
} from '@lantern/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOf } from '../../http/authenticate';
import { publicRoute } from '../../http/public-routes';
import type { AuthService } from './auth.service';

const errors = { 400: errorSchema, 401: errorSchema, 429: errorSchema };

export async function authRoutes(app: FastifyInstance, opts: { auth: AuthService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { auth } = opts;

  r.post(
    '/admin/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in; answers a session token, or requiresTwoFactor when a code is needed',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
      // Flood guard on top of the failure lockout: each attempt costs an argon2 hash.
      config: { ...publicRoute('signing in'), rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    (request) => auth.login(request.body, { ip: request.ip, userAgent: request.headers['user-agent'] }),
  );

  r.get(
    '/admin/login-hint',
    {
      config: publicRoute('the development credentials hint on the login page'),
      schema: { tags: ['auth'], response: { 200: loginHintResponseSchema } },
    },
    async () => ({ devCredentials: await auth.loginHint() }),
  );

  r.get(
    '/admin/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in admin',
        response: { 200: meResponseSchema, 401: errorSchema },
      },
    },
    async (request) => ({ user: auth.me(sessionOf(request)) }),
  );

  r.post(
    '/admin/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Revoke this session',
        response: { 200: successSchema, 401: errorSchema },
      },
    },
    async (request) => {
      await auth.logout(sessionOf(request), request.ip);
      return { success: true as const };
    },
  );

  r.post(
    '/admin/password',
    {
      schema: {
        tags: ['auth'],
        summary: "Change the admin's password; revokes the account's other sessions",
        body: changePasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await auth.changePassword(sessionOf(request), request.body, request.ip);
      return { success: true as const, message: 'Password changed. Other sessions were signed out.' };
    },
  );
}
