import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

/**
 * Vendor groups: libraries change less often than our code, so they cache across deploys.
 * zod is apart from react-hook-form: the first page needs zod (the shared schemas) but not
 * react-hook-form, which loads with the first screen that has a form.
 */
const VENDOR_GROUPS = [
  // The router apart: the public pages (libro-reclamaciones.html, reservar.html, mi-cuenta.html) load React without it.
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
  // With lib/zod-setup.ts, which must run after zod and before any schema is built.
  { name: 'zod', test: /node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zod-setup\.ts$/ },
  { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/ },
];

/**
 * The pages the build writes. The admin app is index.html; a public page (DESIGN §11.10) is an
 * entry of its own that loads none of the admin app's code.
 */
const PAGES = {
  index: 'index.html',
  'libro-reclamaciones': 'libro-reclamaciones.html',
  reservar: 'reservar.html',
  cita: 'cita.html',
  'mi-cuenta': 'mi-cuenta.html',
  ficha: 'ficha.html',
};

/**
 * Preloads the chunk of `screen` and the chunks it imports from index.html, beside the entry's
 * own: the first screen (Login: `/` leads there) downloads while the entry runs instead of after.
 */
function preloadFirstScreen(screen: string): Plugin {
  return {
    name: 'preload-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, path }) {
        // The public pages have no Login to preload.
        if (!bundle || path !== '/index.html') return;
        const start = Object.values(bundle).find(
          (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith(screen),
        );
        if (!start) throw new Error(`preload-first-screen: no chunk for ${screen}`);
        const files = new Set<string>();
        const visit = (fileName: string) => {
          const output = bundle[fileName];
          if (files.has(fileName) || output?.type !== 'chunk') return;
          files.add(fileName);
          output.imports.forEach(visit);
        };
        visit(start.fileName);
        return [...files]
          .filter((fileName) => !html.includes(`/${fileName}"`))
          .map((fileName): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
            injectTo: 'head',
          }));
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    preloadFirstScreen('/src/features/accounts/login.tsx'),
    // A .br and a .gz beside each file of dist/: the server sends them as they are
    // (@fastify/static `preCompressed`), with no compression work per request.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, logLevel: 'silent' }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      input: Object.fromEntries(
        Object.entries(PAGES).map(([name, file]) => [
          name,
          fileURLToPath(new URL(file, import.meta.url)),
        ]),
      ),
      // The domain package only declares schemas and constants, so a chunk takes the modules it
      // uses and the login page does not build every resource's schemas. rules.ts is the
      // exception: it sets zod's Spanish messages, and auth.ts (in the entry) loads it first.
      treeshake: {
        moduleSideEffects: [
          { test: /[\\/]domain[\\/]src[\\/]rules\.ts$/, sideEffects: true },
          { test: /[\\/]domain[\\/]src[\\/]/, sideEffects: false },
        ],
      },
      output: {
        // sweetalert2, charts and icons stay out of these groups: they load with the chunks that use them.
        codeSplitting: { groups: VENDOR_GROUPS },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
