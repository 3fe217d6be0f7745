// The bare node:http reference: serves the same precomputed bytes with the same headers as
// Switchyard, so each throughput figure has a ceiling measured on the same machine in the same run.
//   node scripts/bench/reference-server.mjs <spec.json>
// spec: { routes: { "/path": { status, headers, bodyFile?, etag? } } }; prints "listening <port>".
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const spec = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const routes = new Map();
for (const [path, route] of Object.entries(spec.routes)) {
  const body = route.bodyFile ? readFileSync(route.bodyFile) : Buffer.alloc(0);
  const headers = { ...route.headers, 'content-length': String(body.length) };
  const notModified = { ...route.headers };
  delete notModified['content-type'];
  routes.set(path, { status: route.status, headers, body, etag: route.etag, notModified });
}

const server = createServer((req, res) => {
  const q = req.url.indexOf('?');
  const route = routes.get(q === -1 ? req.url : req.url.slice(0, q));
  if (!route) {
    res.writeHead(404, { 'content-length': '0' });
    res.end();
    return;
  }
  const send = () => {
    if (route.etag && req.headers['if-none-match'] === route.etag) {
      res.writeHead(304, route.notModified);
      res.end();
      return;
    }
    res.writeHead(route.status, route.headers);
    res.end(route.body);
  };
  if (req.method === 'POST') {
    req.on('data', () => {});
    req.on('end', send);
  } else send();
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening ${server.address().port}\n`);
});
process.on('SIGTERM', () => process.exit(0));
