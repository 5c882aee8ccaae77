// The journeys' mail server: the local SMTP sink (apps/server/src/test/smtp-sink.ts) on
// E2E_PORT + 1, which the e2e server sends every email to (EMAIL_PROVIDER=smtp), and a small HTTP
// endpoint on E2E_PORT + 2 to look at what arrived: GET /messages (JSON, ?to= filters by
// recipient), DELETE /messages (forget them all). Started by playwright.config.ts before the app.
import http from 'node:http';
import { startSmtpSink } from '../../apps/server/src/test/smtp-sink';
import { e2ePorts } from './sink-ports';

const { smtp, inspect } = e2ePorts(Number(process.env.E2E_PORT ?? 3210));
const sink = await startSmtpSink({ port: smtp });

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', `http://127.0.0.1:${inspect}`);
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  if (url.pathname === '/messages' && req.method === 'GET') {
    const to = url.searchParams.get('to')?.toLowerCase();
    const messages = to
      ? sink.messages.filter((m) => m.to.some((address) => address.toLowerCase() === to))
      : sink.messages;
    return send(200, { messages });
  }
  if (url.pathname === '/messages' && req.method === 'DELETE') {
    sink.messages.length = 0;
    return send(200, { messages: [] });
  }
  if (url.pathname === '/healthz') return send(200, { ok: true, smtp: sink.url });
  return send(404, { error: 'Not found' });
});
server.listen(inspect, '127.0.0.1', () => {
  console.log(`SMTP sink on ${sink.url}, messages at http://127.0.0.1:${inspect}/messages`);
});

const stop = () => {
  server.close();
  void sink.close().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
