/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { serviceWorkerPlugin } from './build/service-worker-plugin.ts';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [react(), serviceWorkerPlugin()],
  resolve: { alias: { '@': r('./src'), '@games': r('./games'), '@server': r('./server') } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1600,
    rollupOptions: {
      output: {
        // Heavy libraries get named chunks, so tests and benchmarks can see where they load.
        manualChunks(id: string) {
          if (id.includes('node_modules/phaser/')) return 'phaser';
          if (id.includes('node_modules/recharts/') || id.includes('node_modules/d3-')) return 'recharts';
          if (id.includes('node_modules/framer-motion/') || id.includes('node_modules/motion-'))
            return 'framer-motion';
          return undefined;
        },
      },
    },
  },
  server: { port: 5173, proxy: { '/api': apiTarget, '/plaid-sandbox': apiTarget } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 30000,
        },
      },
    ],
  },
});
