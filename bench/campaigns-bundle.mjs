// The campaigns route's JavaScript, gzipped, with the lazy HTML code editor it shares with the
// templates route, and proof that no other route (nor the shell) loads CodeMirror. The measuring is
// templates-bundle.mjs's, pointed at routes/campaigns.tsx.
// Usage: node bench/campaigns-bundle.mjs
process.env.BUNDLE_ROUTE = 'campaigns';
await import('./templates-bundle.mjs');
