// Node.js options the server runs with, wherever it is started (npm start, the benchmarks).
//
// --optimize-for-size: V8 grows the heap less eagerly and collects sooner. A campaign send makes
// short-lived garbage at a high rate (each message rendered, MIME-encoded and written); with V8's
// defaults it was promoted while its message was on the wire and piled up in the old generation
// until a full collection: the server's memory grew 190-290 MB over a 100,000-recipient send
// though its live heap stayed ~70 MB. With this option it grows a few MB, at ~15% fewer messages
// a second (bench/campaign-send.ts --only speed,memory).
export const SERVER_NODE_ARGS = ['--optimize-for-size'];
