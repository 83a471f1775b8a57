import type { Middleware } from '@feathersjs/koa';
import compress from 'koa-compress';

/**
 * Compresses dynamic answers of 1 kB or more (API JSON, the web app's index.html for client-side
 * routes) with brotli at a fast quality, or gzip. Built assets are not compressed here: the build
 * writes `.br`/`.gz` files beside them, which the web app serves as they are (an answer that
 * already has a Content-Encoding is left alone). socket.io never reaches Koa (engine.io answers
 * its requests first) and the cloud wallet writes its own response, so neither is touched.
 * Tokens travel as bearer headers, never cookies, so a cross-site request cannot get a secret
 * compressed beside attacker-chosen text (BREACH).
 */
export function compressAnswers(): Middleware {
  return compress({ threshold: 1024, deflate: false }) as unknown as Middleware;
}
