import { existsSync } from 'node:fs';
import path from 'node:path';
import send from '@fastify/send';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pathOf } from './http-types.js';

/** The built React app, served from this same origin (one port; cookies and CSRF stay first-party). */
export const FRONTEND_DIST = path.resolve(import.meta.dirname, '../../../frontend/dist');
const NOT_APP = /^\/(api|sandbox|healthz|readyz)(\/|$)/;

export function frontendAvailable(dist = FRONTEND_DIST): boolean {
  return existsSync(path.join(dist, 'index.html'));
}

/**
 * An onRequest hook: files of the built app (hashed assets immutable), and index.html for any other GET that is not an
 * API path (client routing). Everything else goes on to the routes.
 */
export function serveFrontend(dist = FRONTEND_DIST) {
  const options = { root: dist, index: false as const, cacheControl: false, dotfiles: 'ignore' as const };
  const sendFile = (reply: FastifyReply, result: send.FileSendResult | send.DirectorySendResult, cacheControl: string) =>
    reply.code(result.statusCode).headers(result.headers).header('Cache-Control', cacheControl).send(result.stream);

  return async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
    const urlPath = pathOf(req);
    // API and sandbox paths never name a file: skip the disk lookup (a stat per API request was ~6% of its CPU).
    if (NOT_APP.test(urlPath)) return undefined;
    const file = await send(req.raw, urlPath, options);
    if (file.type === 'file') {
      // Vite names assets by content hash: they never change under the same name.
      const immutable = file.metadata.path.includes(`${path.sep}assets${path.sep}`);
      return sendFile(reply, file, immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    }
    // A missing hashed asset is a 404, never index.html (which would be parsed as script).
    if (urlPath.startsWith('/assets/')) return reply.code(404).send();
    const index = await send(req.raw, '/index.html', options);
    if (index.type !== 'file') return undefined;
    return sendFile(reply, index, 'no-cache');
  };
}
