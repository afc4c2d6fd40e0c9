import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { badRequest, HttpError } from '../http/errors';

export interface MultipartLimits {
  /** the one file's size */
  maxFileBytes: number;
  /** each text field's value */
  maxFieldBytes: number;
  maxFields: number;
}

export interface MultipartUpload {
  fields: Record<string, string>;
  /** the file sent in `fileField`, if any */
  file: { filename: string; data: Buffer } | undefined;
}

const tooLarge = (message: string) => new HttpError(413, message);

/**
 * Reads a `multipart/form-data` body as `curl -F` sends it: text fields and at most one file, in
 * the field named `fileField`, kept in memory up to its limit. Every limit breach is a 413, a
 * malformed body a 400, and the request is no longer read once one happened.
 */
export function readMultipart(req: IncomingMessage, fileField: string, limits: MultipartLimits): Promise<MultipartUpload> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      limits: { fileSize: limits.maxFileBytes, files: 1, fields: limits.maxFields, fieldSize: limits.maxFieldBytes, parts: limits.maxFields + 1, fieldNameSize: 100, headerPairs: 20 },
    });
  } catch {
    return Promise.reject(new HttpError(415, 'Expected a multipart/form-data body'));
  }

  return new Promise<MultipartUpload>((resolve, reject) => {
    const fields = new Map<string, string>();
    let file: MultipartUpload['file'];
    let failed = false;
    let fileDone: Promise<void> = Promise.resolve();

    const fail = (err: HttpError) => {
      if (failed) return;
      failed = true;
      req.unpipe(parser);
      parser.removeAllListeners();
      // Keep swallowing parser errors after giving up on the body.
      parser.on('error', () => undefined);
      reject(err);
    };

    parser.on('field', (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated) return fail(tooLarge(`Field ${name} is longer than ${limits.maxFieldBytes} bytes`));
      if (fields.has(name)) return fail(badRequest(`Field ${name} was sent more than once`));
      fields.set(name, value);
    });

    parser.on('file', (name, stream, info) => {
      if (name !== fileField) {
        stream.resume();
        return fail(badRequest(`Unexpected file field ${name}; send the zip as ${fileField}`));
      }
      const chunks: Buffer[] = [];
      fileDone = new Promise<void>((done) => {
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('limit', () => fail(tooLarge(`The ${fileField} file is larger than ${limits.maxFileBytes} bytes`)));
        stream.on('close', () => {
          file = { filename: info.filename ?? '', data: Buffer.concat(chunks) };
          done();
        });
      });
    });

    parser.on('filesLimit', () => fail(badRequest(`Send one file, as ${fileField}`)));
    parser.on('fieldsLimit', () => fail(tooLarge(`At most ${limits.maxFields} fields are accepted`)));
    parser.on('partsLimit', () => fail(tooLarge(`At most ${limits.maxFields + 1} parts are accepted`)));
    parser.on('error', (err: Error) => fail(badRequest(`Malformed multipart body: ${err.message}`)));
    parser.on('close', () => {
      void fileDone.then(() => {
        // fromEntries defines own properties: a field named __proto__ stays a field.
        if (!failed) resolve({ fields: Object.fromEntries(fields), file });
      });
    });
    req.on('error', () => fail(badRequest('The upload was interrupted')));
    req.pipe(parser);
  });
}
