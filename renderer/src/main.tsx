import '@mantine/core/styles.css';
import '@mantine/charts/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsoleRoot } from './app/App';
import { FEATURE_RESOURCE_READERS } from './app/resource-readers';
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
