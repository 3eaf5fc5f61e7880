import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError } from 'fastify';
import { errors } from '@yunyao/contract';
import { refusal } from './errors.ts';

/**
 * Node's HTTP parser refuses some requests before Fastify sees them (headers over 16 KB, a
 * malformed request line, a client too slow to send its request); Fastify's default answers
 * them in English. This answers the catalogue's envelope instead, then closes the connection
 * as Node does.
 */
export function clientErrorHandler(err: ConnectionError, socket: Socket): void {
  // A reset connection has no one left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const entry =
    err.code === 'HPE_HEADER_OVERFLOW' ? errors.headersTooLarge : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? errors.requestTimeout : errors.malformedRequest;
  const body = JSON.stringify(refusal(entry));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${entry.http} ${STATUS_CODES[entry.http]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
