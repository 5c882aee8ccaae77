import {
  backupCodesResponseSchema,
  disableTwoFactorRequestSchema,
  errorSchema,
  messageResponseSchema,
  regenerateBackupCodesRequestSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusSchema,
  verifySetupRequestSchema,
} from '@lantern/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOf } from '../../http/authenticate';
import type { TwoFactorService } from './two-factor.service';

const errors = { 400: errorSchema, 401: errorSchema, 409: errorSchema, 429: errorSchema };
const tags = ['two-factor'];

function context(request: FastifyRequest) {
  const session = sessionOf(request);
  return { userId: session.user.id, ctx: { ip: request.ip, sessionId: session.sessionId } };
}

export async function twoFactorRoutes(app: FastifyInstance, opts: { twoFactor: TwoFactorService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { twoFactor } = opts;

  r.get(
    '/admin/2fa/status',
    { schema: { tags, response: { 200: twoFactorStatusSchema, ...errors } } },
    (request) => twoFactor.status(sessionOf(request).user.id),
  );

  r.post(
    '/admin/2fa/setup',
    {
      schema: {
        tags,
        summary: 'Start setup: QR code, key and backup codes (active after verify-setup)',
        response: { 200: twoFactorSetupResponseSchema, ...errors },
      },
    },
    (request) => twoFactor.setup(sessionOf(request).user.id),
  );

  r.post(
    '/admin/2fa/verify-setup',
    { schema: { tags, body: verifySetupRequestSchema, response: { 200: messageResponseSchema, ...errors } } },
    async (request) => {
      const { userId, ctx } = context(request);
      await twoFactor.verifySetup(userId, request.body.code, ctx);
      return { success: true as const, message: '2FA enabled successfully!' };
    },
  );

  r.post(
    '/admin/2fa/disable',
    {
      schema: {
        tags,
        body: disableTwoFactorRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { userId, ctx } = context(request);
      await twoFactor.disable(userId, request.body.password, request.body.code, ctx);
      return { success: true as const, message: '2FA disabled successfully' };
    },
  );

  r.post(
    '/admin/2fa/regenerate-backup-codes',
    {
      schema: {
        tags,
        body: regenerateBackupCodesRequestSchema,
        response: { 200: backupCodesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { userId, ctx } = context(request);
      return { backupCodes: await twoFactor.regenerateBackupCodes(userId, request.body.code, ctx) };
    },
  );
}
