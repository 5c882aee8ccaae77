import {
  errorSchema,
  idParamsSchema,
  successSchema,
  voiceSettingCreateSchema,
  voiceSettingListSchema,
  voiceSettingResponseSchema,
  voiceSettingUpdateSchema,
} from '@lantern/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { VoiceSettings } from './voice-settings';

// The calls of spec document 3, 7.5. Every one needs a session (the app's default).

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['voice settings'];

export async function voiceSettingsRoutes(app: FastifyInstance, opts: { voices: VoiceSettings }) {
  const { voices } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/voice-settings',
    { schema: { tags, response: { 200: voiceSettingListSchema, ...errors } } },
    async () => ({
      voice_settings: await voices.list(),
    }),
  );

  r.get(
    '/api/voice-settings/default',
    { schema: { tags, response: { 200: voiceSettingResponseSchema, ...errors } } },
    async () => ({ voice_setting: await voices.getDefault() }),
  );

  r.get(
    '/api/voice-settings/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: voiceSettingResponseSchema, ...errors } } },
    async (request) => ({ voice_setting: await voices.get(request.params.id) }),
  );

  r.post(
    '/api/voice-settings',
    {
      schema: {
        tags,
        body: voiceSettingCreateSchema,
        response: { 201: voiceSettingResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send({ voice_setting: await voices.create(request.body) }),
  );

  r.put(
    '/api/voice-settings/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: voiceSettingUpdateSchema,
        response: { 200: voiceSettingResponseSchema, ...errors },
      },
    },
    async (request) => ({ voice_setting: await voices.update(request.params.id, request.body) }),
  );

  r.delete(
    '/api/voice-settings/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: successSchema, ...errors } } },
    async (request) => {
      await voices.delete(request.params.id);
      return { success: true as const };
    },
  );

  r.post(
    '/api/voice-settings/:id/set-default',
    { schema: { tags, params: idParamsSchema, response: { 200: voiceSettingResponseSchema, ...errors } } },
    async (request) => ({ voice_setting: await voices.setDefault(request.params.id) }),
  );
}
