import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import busboy from 'busboy';
import type { Middleware } from '@feathersjs/koa';
import { bodyParser } from '@feathersjs/koa';
import { servicePaths, uploadLimits } from '@scr/domain';
import { uploadRefused, type UploadFile } from './read-upload.ts';

/** The path (after the /api prefix is stripped) whose body may be a file. */
export const uploadRoute = '/release-uploads';
/** Every such path: the multi-upload and the bulk operations file (issue 13 item 1). */
const uploadRoutes = new Set([uploadRoute, `/${servicePaths.bulkFiles}`]);

declare module '@feathersjs/feathers' {
  interface Params {
    /** The file of a multipart upload (`file` field), read by `uploadBody`. */
    upload?: UploadFile;
  }
}

/** Base64 of 5 MB plus the JSON around it. */
const jsonUploadLimit = Math.ceil((uploadLimits.maxBytes * 4) / 3) + 64 * 1024;
/** Room for the multipart boundaries and headers around the file. */
const multipartOverhead = 64 * 1024;

/**
 * The request body parser: `parser` everywhere, except `POST /release-uploads`, which takes a
 * multipart form with one `file` field (read into memory, at most 5 MB: refused with 413 on
 * Content-Length at once, or when the stream passes the limit) or JSON `{fileName,
 * contentBase64}` with a body limit raised for this route only.
 */
export function withUploadBody(parser: Middleware): Middleware {
  const uploadJson = bodyParser({ jsonLimit: jsonUploadLimit });
  return async (ctx, next) => {
    if (ctx.method !== 'POST' || !uploadRoutes.has(ctx.path)) return parser(ctx, next);
    if (!ctx.is('multipart/form-data')) return uploadJson(ctx, next);
    const length = Number(ctx.get('content-length') || 0);
    if (length > uploadLimits.maxBytes + multipartOverhead) {
      ctx.set('Connection', 'close');
      throw uploadRefused('tooLarge');
    }
    const upload = await readMultipartFile(ctx.req, ctx.headers);
    ctx.request.body = {};
    ctx.feathers = { ...ctx.feathers, upload };
    return next();
  };
}

/**
 * The `file` field of a multipart form, read into memory up to `maxBytes` (the multi-upload's
 * 5 MB unless told): refused with `refused('tooLarge')` past it, `refused('fileRequired')`
 * without one or when the form is broken.
 */
export function readMultipartFile(
  req: IncomingMessage,
  headers: IncomingHttpHeaders,
  options: {
    maxBytes?: number;
    refused?: (reason: 'tooLarge' | 'fileRequired') => Error;
  } = {},
): Promise<UploadFile> {
  const { maxBytes = uploadLimits.maxBytes, refused = uploadRefused } = options;
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers,
        limits: { files: 1, fileSize: maxBytes, fields: 10, parts: 12 },
      });
    } catch {
      reject(refused('fileRequired'));
      return;
    }
    let file: UploadFile | undefined;
    let tooLarge = false;
    parser.on('file', (field, stream, info) => {
      if (field !== 'file') {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        tooLarge = true;
      });
      stream.on('end', () => {
        file = { fileName: info.filename ?? '', content: Buffer.concat(chunks) };
      });
    });
    parser.on('error', () => reject(refused('fileRequired')));
    parser.on('close', () => {
      if (tooLarge) reject(refused('tooLarge'));
      else if (!file) reject(refused('fileRequired'));
      else resolve(file);
    });
    req.pipe(parser);
  });
}
