import fastifyCompress, { type FastifyCompressOptions } from '@fastify/compress';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';

/**
 * How a large answer is compressed as it is sent: brotli or gzip as the client's Accept-Encoding prefers (brotli at
 * @fastify/compress' quality 4, fast enough to run per request), nothing under 1 KB.
 */
const LARGE_ANSWER: FastifyCompressOptions = { encodings: ['br', 'gzip'], threshold: 1024 };

/**
 * Marks a route whose answer is large JSON (the OpenAPI document, the published schemas, a guild's export): it is
 * compressed for a client that accepts it. Every other route's answer is sent as it is: the API's answers are small
 * (a settings read is a few hundred bytes, asked on every settings page), and compressing them would cost the server
 * more than it saves on the wire.
 */
export const CompressedAnswer = () => RouteConfig({ compressAnswer: true });

/**
 * Registers @fastify/compress for the routes marked CompressedAnswer only. Before any route is registered: the decision
 * is made as each route is added (Nest adds its routes when the app starts listening), ahead of the plugin's own look
 * at the route, and an unmarked route gets no compression hook at all (nothing per request). Request bodies are never
 * decompressed (each body reader keeps its own limits).
 */
export async function registerAnswerCompression(fastify: FastifyInstance): Promise<void> {
  fastify.addHook('onRoute', (route) => {
    route.compress = route.config?.compressAnswer === true ? LARGE_ANSWER : false;
  });
  await fastify.register(fastifyCompress, { ...LARGE_ANSWER, global: false, globalDecompression: false });
}
