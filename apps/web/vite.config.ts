import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const server = 'http://localhost:3000';

// Building a zod schema has no side effects, so schemas of @lantern/contracts that a page does not use
// are dropped; importing a constant (AUTH_STORAGE_KEYS) then no longer drags zod into the login bundle.
const treeshake = { manualPureFunctions: ['z'] };

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    // The server refuses to serve .map files anyway; keep the source out of production.
    sourcemap: false,
    rolldownOptions: { treeshake },
  },
  // The CSV import's parser runs in a worker, built on its own; it needs import constants, not zod.
  worker: { format: 'es', rolldownOptions: { treeshake } },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': server,
      '/admin': server,
      // Only /widget/... (the widget script, its config and demo page): /widget itself is an SPA route.
      '^/widget/': server,
      '/healthz': server,
      // Links in sent email: unsubscribe, click redirects and the open pixel (server pages).
      '^/[uco]/': server,
    },
  },
});
