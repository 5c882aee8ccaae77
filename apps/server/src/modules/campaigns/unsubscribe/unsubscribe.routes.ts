import type { FastifyInstance, FastifyReply } from 'fastify';
import { publicRoute } from '../../../http/public-routes';
import { confirmPage, invalidLinkPage, problemPage, unsubscribedPage } from './unsubscribe-page';
import { isGenuineToken, unsubscribeByToken, type UnsubscribeDeps } from './unsubscribe';

// GET /u/{token}: a plain page with one button; it never unsubscribes (link scanners and mail
// previews follow GETs). POST /u/{token}: unsubscribes at once, from the page's form or a mail
// app's RFC 8058 one-click POST (`List-Unsubscribe=One-Click`, sent without cookies or a session:
// the signed token is the credential, so the route is public). Register this plugin in its own
// scope: it takes any request body (only the URL matters) and answers every error as a page.

export type UnsubscribeRoutesOptions = UnsubscribeDeps & { schoolName: () => Promise<string> };

/** The largest body a one-click POST or the page's form needs, with room to spare. */
const BODY_LIMIT = 16 * 1024;

function html(reply: FastifyReply, status: number, body: string) {
  return reply.status(status).type('text/html; charset=utf-8').send(body);
}

export async function unsubscribeRoutes(app: FastifyInstance, opts: UnsubscribeRoutesOptions) {
  // Form posts (urlencoded or multipart), JSON, text or nothing: read and thrown away.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, _body, done) =>
    done(null, undefined),
  );
  // The token must not leave through a Referer, and the pages are nobody's search result.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-robots-tag', 'noindex, nofollow');
    reply.header('cache-control', 'no-store');
  });
  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'unsubscribe link failed');
    return html(reply, status, status === 400 ? invalidLinkPage() : problemPage(status));
  });

  app.get<{ Params: { token: string } }>(
    '/u/:token',
    {
      config: {
        ...publicRoute('the unsubscribe link of a campaign email: the signed token is the credential'),
        rateLimit: { max: 60, timeWindow: '1 minute' },
      },
      schema: { hide: true },
    },
    async (request, reply) => {
      const { token } = request.params;
      if (!isGenuineToken(opts, token)) return html(reply, 400, invalidLinkPage());
      return html(reply, 200, confirmPage(await opts.schoolName(), token));
    },
  );

  app.post<{ Params: { token: string } }>(
    '/u/:token',
    {
      config: {
        ...publicRoute(
          'RFC 8058 one-click unsubscribe: mail apps post without a session; the signed token is the credential',
        ),
        // Mail providers post for many recipients from few addresses: generous, still bounded.
        rateLimit: { max: 120, timeWindow: '1 minute' },
      },
      bodyLimit: BODY_LIMIT,
      schema: { hide: true },
    },
    async (request, reply) => {
      const outcome = await unsubscribeByToken(opts, request.params.token);
      if (outcome === 'invalid') return html(reply, 400, invalidLinkPage());
      return html(reply, 200, unsubscribedPage(await opts.schoolName()));
    },
  );
}
