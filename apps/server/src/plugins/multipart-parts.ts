import type { FastifyRequest } from 'fastify';
import { ApiError, errors } from '@yunyao/contract';

/** A part of a multipart body: a field's text, or a file read whole (up to the size limit). */
export type ReadPart =
  | { type: 'field'; fieldname: string; value: string }
  | { type: 'file'; fieldname: string; filename: string; data: Buffer; /** Cut off at the size limit. */ truncated: boolean };

/**
 * The multipart plugin's own refusals (limits, prototype names) carry an `FST_` code and answer by
 * the error table. Anything else that breaks while the body is read (busboy's "Boundary not found",
 * a broken part header, a stream closed early by a body cut off) is the client's body that cannot
 * be read, not a server fault.
 */
function unreadable(err: unknown): unknown {
  if (err instanceof ApiError) return err;
  const code = err instanceof Error && 'code' in err ? String(err.code) : '';
  return code.startsWith('FST_') ? err : new ApiError(errors.malformedRequest);
}

/**
 * Every multipart route reads its body here. A file over `fileSize` comes back `truncated` rather
 * than thrown (the plugin is registered with `throwFileSizeLimit: false`), so that each route
 * answers its own words for it, with the file's name.
 */
export async function* readParts(request: FastifyRequest, limits: { fileSize: number; files?: number }): AsyncGenerator<ReadPart> {
  try {
    for await (const part of request.parts({ limits })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        yield { type: 'file', fieldname: part.fieldname, filename: part.filename, data, truncated: part.file.truncated };
      } else {
        yield { type: 'field', fieldname: part.fieldname, value: String(part.value) };
      }
    }
  } catch (err) {
    throw unreadable(err);
  }
}
