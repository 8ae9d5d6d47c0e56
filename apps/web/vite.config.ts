import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@plantlens/contracts': fileURLToPath(new URL('../../libs/contracts/src/index.ts', import.meta.url)),
    },
  },
  server: {
    port: 4200,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The antd chunk alone (tables, trees, forms, modals) is ~1.1 MB minified (~350 kB gzipped) and
    // maplibre's ~1.07 MB (~290 kB gzipped, fetched by the incidence map only); both change only with
    // upgrades.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        // Big libraries in their own long-lived chunks: app releases don't invalidate them, Highcharts is
        // only fetched by the chart pages and maplibre by the incidence map.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 4 },
            { name: 'highcharts', test: /node_modules[\\/]highcharts/, priority: 3 },
            { name: 'maplibre', test: /node_modules[\\/](maplibre-gl|@maplibre)[\\/]/, priority: 3 },
            {
              name: 'antd',
              test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+)[\\/]/,
              priority: 2,
            },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
