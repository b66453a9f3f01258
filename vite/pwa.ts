import { VitePWA } from 'vite-plugin-pwa';
import { vendorRevisions } from './vendor-assets';

/**
 * Installable and offline (src/sw/sw.ts): the app shell is precached; /vendor/ and /models/ are
 * not (tens to hundreds of MB) but cached by the service worker when first used, keyed by a
 * hash of each vendor file (below) or by the sha256 in the models manifest, so a changed file
 * is never served stale. Chunks over 3 MB (WebLLM's library) are cached on first use too.
 */
export function pwa() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    registerType: 'prompt',
    injectRegister: false,
    devOptions: { enabled: false },
    includeManifestIcons: false, // the glob below has them, with the apple-touch icon
    manifest: {
      name: 'Sieve',
      short_name: 'Sieve',
      description: 'Private answers from your own documents, entirely in your browser.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#2f5d62',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      globPatterns: ['**/*.{js,css,html,svg,png}', 'samples/*'],
      globIgnores: ['vendor/**', 'models/**', 'sw.js'],
      // Chunks over 3 MB (WebLLM's library, only used with WebLLM) are left to the runtime cache,
      // quietly: Workbox's own size limit would fail the build over them.
      maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
      manifestTransforms: [async (entries) => ({ manifest: entries.filter((e) => e.size <= 3 * 1024 * 1024), warnings: [] })],
      buildPlugins: {
        vite: [{ name: 'sieve-sw-vendor-revisions', config: () => ({ define: { __SIEVE_VENDOR_REVISIONS__: JSON.stringify(vendorRevisions()) } }) }],
      },
    },
  });
}
