// Node.js options the server runs with, wherever it is started (npm start, the benchmarks).
//
// A larger young generation (64 MB semi-spaces instead of V8's 16 MB): a campaign send makes
// short-lived garbage at a high rate (each message is rendered, MIME-encoded and written), and
// with the default most of it survived two scavenges while its message was on the wire, was
// promoted, and piled up in the old generation until a full collection: the server's memory grew
// 190-290 MB over a 100,000-recipient send (its live heap stayed ~70 MB). With 64 MB it grows
// ~96 MB (bench/campaign-send.ts --only memory).
export const SERVER_NODE_ARGS = ['--max-semi-space-size=64'];
