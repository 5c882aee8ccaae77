import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Strict headers everywhere; the public widget files may be loaded and framed by a school's website. */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { analyticsOrigin: string | null } = { analyticsOrigin: null },
): Promise<void> {
  // A third-party analytics script (the enrolment page's) is allowed only when one is configured.
  const analytics = options.analyticsOrigin ? [options.analyticsOrigin] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...analytics],
        // React and sonner set inline style attributes and <style> tags; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...analytics],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });

  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/widget/')) return;
    reply.removeHeader('x-frame-options');
    reply.header('cross-origin-resource-policy', 'cross-origin');
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string') {
      reply.header('content-security-policy', csp.replace("frame-ancestors 'none'", 'frame-ancestors *'));
    }
  });
}
