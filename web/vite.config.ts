// Builds the playground into dist/ (or GRUNDY_WEB_OUT_DIR, used by the CMake build
// so the source tree is left alone). Relative asset paths: the page works from any base.
import { defineConfig } from 'vite';

export default defineConfig({
  base: './',
  build: {
    outDir: process.env.GRUNDY_WEB_OUT_DIR || 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    reportCompressedSize: false,
  },
});
