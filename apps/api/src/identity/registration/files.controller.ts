import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import { API_ERROR_CODES, FileIdParam, type ErrorBody, type StoredFileView } from '@auction/contracts';
import { AccessError } from '../../platform/engine/access-error.js';
import { parse } from '../../platform/http/validation.js';
import type { Actor } from '../actor.js';
import { CurrentActor, Roles } from '../auth.guard.js';
import { BLOB_STORE, type BlobStore } from './blob-store.js';
import { Inject } from '@nestjs/common';
import { MULTIPART_ROUTE } from './multipart.js';
import { answerRefusal } from './registration.controller.js';
import { UploadsService } from './uploads.service.js';

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
      this.uploads.admit(actor, body);
      return await this.uploads.upload(actor, body);
    } catch (error) {
      return answerRefusal(error, reply);
    }
  }

  /**
   * The file as an attachment, typed by its sniffed content; `nosniff` and a sandboxing CSP so a polyglot (a PDF
   * header before HTML) is never run by a browser.
   */
  @Roles('ADMIN', 'CUSTOMER_CENTER')
  @Get('admin/file/:idFile')
  async download(@Param('idFile') idFile: unknown, @Res() reply: FastifyReply): Promise<void> {
    const { idFile: id } = parse(FileIdParam, { idFile }, 'path');
    const file = await this.blobs.get(id);
    if (!file) throw new AccessError(404, API_ERROR_CODES.FILE_NOT_FOUND, 'unknown file');
    const extension = file.meta.mediaType === 'application/pdf' ? 'pdf' : file.meta.mediaType === 'image/jpeg' ? 'jpg'
      : file.meta.mediaType === 'image/png' ? 'png' : 'eps';
    void reply
      .status(200)
      .header('content-type', file.meta.mediaType)
      .header('content-length', String(file.bytes.length))
      .header('content-disposition', `attachment; filename="${id}.${extension}"`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "sandbox; default-src 'none'")
      .header('cache-control', 'private, no-store')
      .send(file.bytes);
  }
}
