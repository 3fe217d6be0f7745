// A stand-in for dist/server/main.js in main/ tests: serves /health like the real server
// and misbehaves on request, chosen by FAKE_MODE (healthy, exit-at-once, crash-first-run,
// never-healthy, ignore-sigterm). GET /crash exits with code 3.

import { existsSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';

const mode = process.env.FAKE_MODE ?? 'healthy';
const port = Number(process.env.PORT);
console.log(`fake server starting in ${mode} mode`);
console.error('warning: this is a fake');
if (mode === 'exit-at-once') process.exit(7);
if (mode === 'crash-first-run') {
  const marker = join(process.env.DATA_DIR, 'ran-once');
  if (!existsSync(marker)) {
    writeFileSync(marker, '');
    process.exit(2);
  }
}
const server = createServer((req, res) => {
  if (req.url === '/health') {
    const good = mode !== 'never-healthy';
    res.writeHead(good ? 200 : 503, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ health: good ? 'GOOD' : 'BAD' }));
    return;
  }
  if (req.url === '/crash') {
    console.log('crashing on request');
    res.end('bye');
    setTimeout(() => process.exit(3), 10);
    return;
  }
  res.writeHead(404);
  res.end();
});
server.listen(port, '127.0.0.1', () =>
  console.log(`listening on ${port} token default:development.0123456789abcdef0123`),
);
process.on('SIGTERM', () => {
  if (mode === 'ignore-sigterm') {
    console.log('ignoring SIGTERM');
    return;
  }
  console.log('received SIGTERM, closing');
  server.close(() => process.exit(0));
});
