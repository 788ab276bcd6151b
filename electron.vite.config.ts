import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// main: two entries built from the same handlers, `index` for Electron and `web` for browser
// mode (plain Node). Dependencies stay external so Node resolves firebase with its `node`
// export condition (gRPC Firestore) at run time.
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src/main/electron/index.ts'),
          web: resolve(__dirname, 'src/main/web/index.ts')
        }
      }
    }
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        // A sandboxed preload cannot require npm packages or its own chunks: one CommonJS file.
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false }
      }
    }
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    plugins: [react(), tailwindcss()],
    build: {
      // electron-vite leaves output unminified by default; the page loads faster minified.
      minify: true,
      outDir: resolve(__dirname, 'out/renderer'),
      rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } }
    }
  }
});
