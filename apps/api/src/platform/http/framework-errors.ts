import type { FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { API_ERROR_CODES } from '@auction/contracts';

/**
 * Answers of the errors Fastify raises before a request reaches a route (and so Nest's error filter): a URL the
 * router cannot decode (`/%c0%ae`, `/%zz`, a lone `%`), a path parameter that is too long. Every answer of the API
 * is a 4xx or 5xx with a numeric `errorCode`; Fastify's own bodies (`{"code":"FST_ERR_BAD_URL",...}`) carry none.
 */
export function frameworkErrors(error: Error & { code?: string; statusCode?: number }, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode === 414 || error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  const errorCode = API_ERROR_CODES.BAD_REQUEST;
  void reply.code(status).header('content-type', 'application/json; charset=utf-8')
    .send(JSON.stringify({ errorCode, errorMsg: status === 414 ? 'a path parameter is too long' : 'the URL is not valid (a malformed percent-encoding)' }));
}

/**
 * The answer to a request Node's HTTP parser refuses (a malformed request line or header, a header section that is
 * too large, a request that took too long): the status Fastify would give, with a numeric `errorCode`.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const errorMsg = status === 408 ? 'the request took too long' : status === 431 ? 'the request headers are too large' : 'malformed HTTP request';
  // The contract has no codes of their own for 408 and 431: the request was not one the API could read.
  const body = JSON.stringify({ errorCode: API_ERROR_CODES.BAD_REQUEST, errorMsg });
  if (!socket.writable) return void socket.destroy(error);
  socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`);
  socket.destroy(error);
}
