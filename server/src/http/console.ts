import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { App } from './app-type';

/**
 * The operator console (renderer/, built by Vite into dist/renderer) served at `/` under
 * BASE_URI_PATH, as Unleash serves its UI. The console routes on Unleash's UI paths (`/login`,
 * `/projects/:id/features/:name`, `/admin/users`, …; issue 24) in the browser, so every path a
 * browser navigates to outside the server's own surfaces gets index.html (shared/unleash/API.md
 * §1 "Unknown paths"), and the console's router picks the screen; that
 * fallback runs inside the error handler's not-found handler, so unknown /api paths keep
 * Unleash's JSON 404.
 */
export interface ConsoleSiteOptions {
  /**
   * Folders that may hold the built console; the first one with an index.html wins. Looked up
   * per request, so a console built after the server started is served without a restart.
   */
  roots: readonly string[];
  baseUriPath: string;
}

export interface ConsoleSite {
  /** Declared routes for `/`, `/index.html` and `/assets/*`; register it with the base path as prefix. */
  routes(app: App): Promise<void>;
  /** For the not-found handler: whether this request is a browser navigating to a console page. */
  isPageRequest(request: FastifyRequest): boolean;
  /** Answers with index.html (or the "not built" page). */
  sendPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

/** Paths that belong to the server's own surfaces: never answered with the console page. */
const SERVER_PREFIXES = [
  '/api',
  '/auth',
  '/docs',
  '/edge',
  '/health',
  '/internal-backstage',
  '/invite',
  '/logout',
  '/ready',
  '/assets',
];

/** Vite puts a content hash in every file name under assets/, so they never change. */
const ASSET_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * What the console may load when served by this server. Remote connection profiles make the
 * console call other Switchyard servers, hence http: and https: in connect-src. Mantine writes
 * CSS variables into a style element at runtime, hence 'unsafe-inline' for styles only.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self' http: https:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Where the built console lives: next to the bundled server (dist/server → dist/renderer) or,
 * when the server runs from source (server/src/http), in the repository's dist/renderer.
 */
export function defaultConsoleRoots(): string[] {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return [path.resolve(here, '../renderer'), path.resolve(here, '../../../dist/renderer')];
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function relativePath(url: string, baseUriPath: string): string {
  const pathname = url.split('?')[0] ?? url;
  return pathname.startsWith(baseUriPath) ? pathname.slice(baseUriPath.length) || '/' : pathname;
}

function isServerPath(relative: string): boolean {
  return SERVER_PREFIXES.some((prefix) => relative === prefix || relative.startsWith(`${prefix}/`));
}

function notBuiltPage(baseUriPath: string): string {
  const base = escapeHtml(baseUriPath);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Switchyard: console not built</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1f2933}code{background:#eef2f6;padding:0.1rem 0.3rem;border-radius:4px}</style>
</head>
<body>
<h1>The Switchyard console is not built</h1>
<p>This server is running, but it has no console to show: <code>dist/renderer/index.html</code> is missing.</p>
<p>Build it with <code>npm run build:renderer</code> (or <code>npm run build</code>), then reload this page. No restart is needed.</p>
<p>The API works without the console: see <a href="${base}/docs">the API explorer</a> and <a href="${base}/health">/health</a>.</p>
</body>
</html>
`;
}

/** The first of the roots that holds a built console, looked up per request; null when none does. */
async function builtRoot(roots: readonly string[]): Promise<string | null> {
  for (const root of roots) {
    try {
      await fs.access(path.join(root, 'index.html'));
      return root;
    } catch {
      // Not in this folder; try the next.
    }
  }
  return null;
}

/**
 * The build uses relative URLs (Vite base './') so the same files load from any origin. At the
 * console root they resolve as they are; on a deep path (the fallback) or the base path without
 * its slash a <base> points them at the root. The root itself gets none, so a strict CSP
 * (`base-uri 'none'`, as the desktop window sets) has nothing to refuse there.
 */
function withBase(html: string, url: string, baseHref: string): string {
  const pathname = url.split('?')[0] ?? url;
  const atRoot = pathname === baseHref || pathname === `${baseHref}index.html`;
  return atRoot
    ? html
    : html.replace(/<head(\s[^>]*)?>/i, (head) => `${head}\n<base href="${escapeHtml(baseHref)}">`);
}

async function sendPage(
  { roots, baseUriPath }: ConsoleSiteOptions,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const root = await builtRoot(roots);
  reply.header('x-content-type-options', 'nosniff');
  if (root === null) {
    return reply
      .status(503)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(notBuiltPage(baseUriPath));
  }
  const html = await fs.readFile(path.join(root, 'index.html'), 'utf8');
  return reply
    .status(200)
    .header('cache-control', 'no-cache')
    .header('content-security-policy', CONTENT_SECURITY_POLICY)
    .type('text/html; charset=utf-8')
    .send(withBase(html, request.url, `${baseUriPath}/`));
}

function isPageRequest(baseUriPath: string, request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const accept = request.headers.accept;
  if (typeof accept !== 'string' || !accept.includes('text/html')) return false;
  const relative = relativePath(request.url, baseUriPath);
  if (baseUriPath && !(request.url.startsWith(`${baseUriPath}/`) || request.url === baseUriPath))
    return false;
  return !isServerPath(relative);
}

const pageSchema = {
  tags: ['Console'],
  hide: true,
  produces: ['text/html'],
  response: { 200: Type.String(), 503: Type.String() },
};

async function consoleRoutes(app: App, options: ConsoleSiteOptions): Promise<void> {
  // Only the reply.sendFile decorator: our own declared routes below decide what is served.
  await app.register(fastifyStatic, { serve: false, decorateReply: true });

  app.get(
    '/',
    { config: { permission: 'NONE' }, schema: { ...pageSchema, operationId: 'getConsole' } },
    async (request, reply) => {
      await sendPage(options, request, reply);
    },
  );
  app.get(
    '/index.html',
    { config: { permission: 'NONE' }, schema: { ...pageSchema, operationId: 'getConsoleIndexHtml' } },
    async (request, reply) => {
      await sendPage(options, request, reply);
    },
  );
  app.get(
    '/assets/*',
    {
      config: { permission: 'NONE' },
      schema: {
        operationId: 'getConsoleAsset',
        tags: ['Console'],
        hide: true,
        params: Type.Object({ '*': Type.String() }),
        response: { 200: Type.String() },
      },
    },
    async (request, reply) => {
      const root = await builtRoot(options.roots);
      if (root === null) return reply.callNotFound();
      reply.header('x-content-type-options', 'nosniff');
      return reply.sendFile(request.params['*'], path.join(root, 'assets'), {
        cacheControl: true,
        maxAge: ASSET_MAX_AGE_SECONDS * 1000,
        immutable: true,
        dotfiles: 'deny',
      });
    },
  );
}

export function createConsoleSite(options: ConsoleSiteOptions): ConsoleSite {
  return {
    routes: (app) => consoleRoutes(app, options),
    isPageRequest: (request) => isPageRequest(options.baseUriPath, request),
    sendPage: (request, reply) => sendPage(options, request, reply),
  };
}
