import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_TARGET = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 2500,
  },
  worker: { format: 'es' },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': { target: API_TARGET, changeOrigin: false } },
  },
});
