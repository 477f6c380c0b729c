import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';

/** The built React app, served from this same origin (one port; cookies and CSRF stay first-party). */
export const FRONTEND_DIST = path.resolve(import.meta.dirname, '../../../frontend/dist');
const NOT_APP = /^\/(api|sandbox|healthz|readyz)(\/|$)/;

export function frontendAvailable(dist = FRONTEND_DIST): boolean {
  return existsSync(path.join(dist, 'index.html'));
}

/** Hashed assets are immutable; any other GET that is not an API path gets index.html (client routing). */
export function serveFrontend(dist = FRONTEND_DIST) {
  const files = express.static(dist, {
    index: false,
    setHeaders(res, file) {
      // Vite names assets by content hash: they never change under the same name.
      res.setHeader(
        'Cache-Control',
        file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });
  const index = path.join(dist, 'index.html');
  return [
    // API and sandbox paths never name a file: skip the disk lookup (a stat per API request was ~6% of its CPU).
    (req: Request, res: Response, next: NextFunction) => (NOT_APP.test(req.path) ? next() : files(req, res, next)),
    // A missing hashed asset is a 404, never index.html (which would be parsed as script).
    (req: Request, res: Response, next: NextFunction) => (req.path.startsWith('/assets/') ? res.status(404).end() : next()),
    (req: Request, res: Response, next: NextFunction) => {
      if ((req.method !== 'GET' && req.method !== 'HEAD') || NOT_APP.test(req.path)) return next();
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(index);
    },
  ];
}
