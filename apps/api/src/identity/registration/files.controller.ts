import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import { API_ERROR_CODES, FileDownloadQuery, FileIdParam, type ErrorBody, type StoredFileView } from '@auction/contracts';
import { AccessError } from '../../platform/engine/access-error.js';
import { attachmentDisposition } from '../../platform/http/report-file.js';
import { parse } from '../../platform/http/validation.js';
import type { Actor } from '../actor.js';
import { CurrentActor, Roles } from '../auth.guard.js';
import { BLOB_STORE, type BlobStore } from '@auction/blob-store';
import { Inject } from '@nestjs/common';
import { MULTIPART_ROUTE } from './multipart.js';
import { answerRefusal } from './registration.controller.js';
import { UploadsService } from './uploads.service.js';
import { PRIVATE_NO_STORE } from '../../platform/http/cache-policy.js';

/**
 * Stored files: a logged-in user's upload (`POST /secure/file`) and the back office's download of any stored file
 * (`GET /admin/file/{idFile}`, the registration documents issue 14's screens show). Nobody else reads a file.
 */
@Controller('api/v1')
export class FilesController {
  constructor(private readonly uploads: UploadsService, @Inject(BLOB_STORE) private readonly blobs: BlobStore) {}

  @Post('secure/file')
  @HttpCode(201)
  @RouteConfig(MULTIPART_ROUTE)
  async upload(@CurrentActor() actor: Actor, @Body() body: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<StoredFileView | ErrorBody> {
    try {
      await this.uploads.admit(actor, body);
      return await this.uploads.upload(actor, body);
    } catch (error) {
      return answerRefusal(error, reply);
    }
  }

  /**
   * The file typed by its sniffed content, with `nosniff`: an attachment, or with `disposition=inline` a PDF or image
   * shown in place, named `name` (else its id) with the extension of its type. A sandboxing CSP keeps a polyglot (a
   * PDF header before HTML) from running; an inline PDF goes without it, since Chrome refuses to run its PDF viewer in
   * a sandboxed document (the sniffed type and `nosniff` already keep the browser from reading it as HTML).
   */
  @Roles('ADMIN', 'CUSTOMER_CENTER')
  @Get('admin/file/:idFile')
  async download(@Param('idFile') idFile: unknown, @Query() query: unknown, @Res() reply: FastifyReply): Promise<void> {
    const { idFile: id } = parse(FileIdParam, { idFile }, 'path');
    const { disposition, name } = parse(FileDownloadQuery, query, 'query');
    const file = await this.blobs.get(id);
    if (!file) throw new AccessError(404, API_ERROR_CODES.FILE_NOT_FOUND, 'unknown file');
    const extension = file.meta.mediaType === 'application/pdf' ? 'pdf' : file.meta.mediaType === 'image/jpeg' ? 'jpg'
      : file.meta.mediaType === 'image/png' ? 'png' : 'eps';
    const inline = disposition === 'inline' && extension !== 'eps';
    void reply
      .status(200)
      .header('content-type', file.meta.mediaType)
      .header('content-length', String(file.bytes.length))
      .header('content-disposition', attachmentDisposition(`${name ?? id}.${extension}`, inline))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', PRIVATE_NO_STORE);
    if (!(inline && extension === 'pdf')) void reply.header('content-security-policy', "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'");
    void reply.send(file.bytes);
  }
}
