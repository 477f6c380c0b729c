import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pathOf } from './http-types.js';

/** The built React app, served from this same origin (one port; cookies and CSRF stay first-party). */
export const FRONTEND_DIST = path.resolve(import.meta.dirname, '../../../frontend/dist');
const NOT_APP = /^\/(api|sandbox|healthz|readyz)(\/|$)/;

/** Vite names assets by content hash: they never change under the same name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Other files of the build (icons) keep their names from one build to the next. */
const AN_HOUR = 'public, max-age=3600';
/** index.html names the current build's assets: a browser asks again each time (a 304 when unchanged). */
const REVALIDATE = 'no-cache';

/** The build's hashed scripts and stylesheets: what every page loads, many at a time (issue 26). */
const HASHED_CODE = /^assets\/[^/]+\.(js|css)$/;
/**
 * Security headers that govern a document (what it may load and run, who may frame or open it, how it is isolated)
 * and mean nothing on a script or a stylesheet, or are the host's (HSTS, which every document carries). A page loads a
 * dozen hashed files and each would carry them (~0.65 KB): they are taken off those files, and stay on index.html, the
 * API's answers and every other file. What does apply to a script or stylesheet stays: `X-Content-Type-Options:
 * nosniff`, `Cross-Origin-Resource-Policy`, and `Referrer-Policy` (a module script's imports and a stylesheet's
 * url()s are fetched under the policy of the response that holds them).
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;
/**
 * A hashed file never changes under its name and is cached for a year without asking again (`immutable`): a validator
 * (ETag, Last-Modified) would never be used, and a script is never fetched by ranges.
 */
const HASHED_SEND = { etag: false, lastModified: false, acceptRanges: false };

export function frontendAvailable(dist = FRONTEND_DIST): boolean {
  return existsSync(path.join(dist, 'index.html'));
}

/**
 * The file of the build that a request's path names, relative to `dist`, or undefined: nothing there, a folder, a
 * dot file or dot folder (Vite's manifest), or a path that names no file (a bad escape, a NUL, a backslash).
 */
async function fileOf(dist: string, urlPath: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const segments = decoded.split('/').filter(Boolean);
  // '.' and '..' start with a dot too: a path never leaves dist.
  if (segments.length === 0 || segments.some((segment) => segment.startsWith('.'))) return undefined;
  const relative = segments.join('/');
  const found = await stat(path.join(dist, relative)).catch(() => undefined);
  return found?.isFile() ? relative : undefined;
}

/**
 * Serves the built app from `dist`, and returns the onRequest hook that does it: files of the build (hashed assets
 * immutable), and index.html for any other GET that is not an API path (client routing). Everything else goes on to
 * the routes.
 *
 * @fastify/static sends each file (its reply.sendFile only: no routes of its own, so the API's 404s stay the API's):
 * the build's brotli or gzip copy beside the file (frontend/vite.config.ts writes them) as the browser's
 * Accept-Encoding prefers, the file itself otherwise, with `Vary: accept-encoding` either way. A hashed script or
 * stylesheet goes without the document's headers and the validators it never needs (DOCUMENT_ONLY_HEADERS, HASHED_SEND).
 */
export async function serveFrontend(fastify: FastifyInstance, dist = FRONTEND_DIST) {
  await fastify.register(fastifyStatic, {
    root: dist,
    serve: false,
    preCompressed: true,
    index: false,
    cacheControl: false,
    dotfiles: 'ignore',
  });

  return async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
    const urlPath = pathOf(req);
    // API and sandbox paths never name a file: skip the disk lookup (a stat per API request was ~6% of its CPU).
    if (NOT_APP.test(urlPath)) return undefined;
    const file = await fileOf(dist, urlPath);
    if (file && HASHED_CODE.test(file)) {
      for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      return ended(reply.header('Cache-Control', IMMUTABLE).sendFile(`/${file}`, HASHED_SEND));
    }
    if (file) return ended(reply.header('Cache-Control', file.startsWith('assets/') ? IMMUTABLE : AN_HOUR).sendFile(`/${file}`));
    // A missing hashed asset is a 404, never index.html (which would be parsed as script).
    if (urlPath.startsWith('/assets/')) return reply.code(404).send();
    return ended(reply.header('Cache-Control', REVALIDATE).sendFile('/index.html'));
  };
}

/**
 * Waits for a file's answer to end, and ends the request there also when the client left first (a page navigated
 * away mid-download): Fastify counts such a reply as not sent and would go on to the routes, whose 404 then failed
 * to write a JSON body under the file's content type and was logged as a 500.
 */
async function ended(reply: FastifyReply): Promise<FastifyReply> {
  await reply;
  if (!reply.sent) reply.hijack();
  return reply;
}
