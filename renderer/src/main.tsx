import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsoleRoot } from './app/App';
import { prefetchScreensWhenSignedIn, whenIdle } from './app/prefetch-screens';
import { FEATURE_RESOURCE_READERS } from './app/resource-readers';
import { ROUTES } from './app/routes';
import { ON_DEMAND_CHUNKS } from './app/screens';
import { openLocalStore } from './offline/idb-keyval-store';
import { detectPlatform } from './platform/platform';
import { createConsole } from './stores/console-store';
import { newId } from './stores/new-id';

async function main(): Promise<void> {
  const consoleApp = createConsole({
    platform: detectPlatform(window),
    kv: await openLocalStore(window.indexedDB),
    fetch: (input, init) => window.fetch(input, init),
    now: () => Date.now(),
    newId,
    resourceReaders: FEATURE_RESOURCE_READERS,
    timers: {
      setInterval: (handler, ms) => window.setInterval(handler, ms),
      clearInterval: (id) => window.clearInterval(id),
    },
  });
  prefetchScreensWhenSignedIn(
    consoleApp.store,
    [...ROUTES.map((route) => route.screen.preload), ...ON_DEMAND_CHUNKS],
    whenIdle(window),
  );
  window.addEventListener('online', () => void consoleApp.checkConnection());
  window.addEventListener('offline', () => void consoleApp.checkConnection());
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ConsoleRoot console={consoleApp} />
    </StrictMode>,
  );
  await consoleApp.start();
}

void main();
