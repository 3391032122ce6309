import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ProvenanceLogo, VehicleGenericFileQuery, VehicleImageQuery, VehiclePdfQuery } from '@auction/contracts';
import type { Actor } from '../../identity/actor.js';
import { CurrentActor, TokenOnly } from '../../identity/auth.guard.js';
import { IMMUTABLE_REQUEST } from '../../platform/http/cache-policy.js';
import { attachmentDisposition } from '../../platform/http/report-file.js';
import { parse } from '../../platform/http/validation.js';
import { answerUploadRefusal } from '../../platform/http/uploads/upload-refusal.js';
import { VehicleFilesService } from './vehicle-files.service.js';
import { photoFormatFor } from './vehicle-photos.js';

const EXTENSION: Record<string, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
const LogoQuery = z.object({ provenances: z.union([z.string().max(60), z.array(z.string().max(60)).max(50)]).optional() });

/**
 * Vehicle photos and documents (`GET /image`, `/pdf`, `/generic-file`, `/logoByProvenance`), for the web (session)
 * and the mobile app (`token` header), to those allowed to see the vehicle. A photo's variants never change (the
 * blob id names the content): `ETag`, and `Cache-Control: private, max-age=31536000, immutable`, kept by the caller's
 * browser only, never a shared cache, since who may see it depends on who asks; a refusal is never cached.
 */
@Controller('api/v1')
export class VehicleFilesController {
  constructor(private readonly files: VehicleFilesService) {}

  @Get('secure/image')
  image(@CurrentActor() actor: Actor, @Query() query: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.sendImage(actor, query, request, reply);
  }

  @TokenOnly()
  @Get('mobile/image')
  mobileImage(@CurrentActor() actor: Actor, @Query() query: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.sendImage(actor, query, request, reply);
  }

  @Get('secure/pdf')
  pdf(@CurrentActor() actor: Actor, @Query() query: unknown, @Res() reply: FastifyReply): Promise<void> {
    const { idPdf, filename } = parse(VehiclePdfQuery, query, 'query');
    return this.sendDocument(actor, idPdf, filename, true, reply);
  }

  @TokenOnly()
  @Get('mobile/pdf')
  mobilePdf(@CurrentActor() actor: Actor, @Query() query: unknown, @Res() reply: FastifyReply): Promise<void> {
    const { idPdf, filename } = parse(VehiclePdfQuery, query, 'query');
    return this.sendDocument(actor, idPdf, filename, true, reply);
  }

  @Get('secure/generic-file')
  genericFile(@CurrentActor() actor: Actor, @Query() query: unknown, @Res() reply: FastifyReply): Promise<void> {
    const { idFile } = parse(VehicleGenericFileQuery, query, 'query');
    return this.sendDocument(actor, idFile, undefined, false, reply);
  }

  @Get('secure/logoByProvenance')
  logoByProvenance(@Query() query: unknown): ProvenanceLogo[] {
    return logosOf(query);
  }

  @TokenOnly()
  @Get('mobile/logoByProvenance')
  mobileLogoByProvenance(@Query() query: unknown): ProvenanceLogo[] {
    return logosOf(query);
  }

  private async sendImage(actor: Actor, query: unknown, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const { idImage, size } = parse(VehicleImageQuery, query, 'query');
    const format = photoFormatFor(request.headers.accept);
    const etag = `"${idImage}.${size}.${format}"`;
    try {
      void reply.header('vary', 'Accept').header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === etag && (await this.files.mayViewPhoto(actor, idImage))) {
        (request as FastifyRequest & { [IMMUTABLE_REQUEST]?: boolean })[IMMUTABLE_REQUEST] = true;
        void reply.status(304).header('etag', etag).send();
        return;
      }
      const photo = await this.files.photo(actor, idImage, size, format);
      (request as FastifyRequest & { [IMMUTABLE_REQUEST]?: boolean })[IMMUTABLE_REQUEST] = true;
      void reply.status(200).header('content-type', photo.mediaType).header('content-length', String(photo.bytes.length)).header('etag', etag)
        .header('content-disposition', attachmentDisposition(`${idImage}-${size}.${format === 'webp' ? 'webp' : 'jpg'}`, true))
        .send(photo.bytes);
    } catch (error) {
      void reply.send(answerUploadRefusal(error, reply));
    }
  }

  private async sendDocument(actor: Actor, idFile: string, filename: string | undefined, pdf: boolean, reply: FastifyReply): Promise<void> {
    try {
      const { meta, stream } = await this.files.document(actor, idFile, pdf);
      const extension = EXTENSION[meta.mediaType] ?? 'bin';
      const base = (filename ?? idFile).replace(/\.[A-Za-z0-9]{1,5}$/, '');
      void reply.status(200).header('content-type', meta.mediaType).header('content-length', String(meta.size))
        .header('content-disposition', attachmentDisposition(`${base}.${extension}`, pdf))
        .header('x-content-type-options', 'nosniff');
      // A PDF is shown in place, without a sandboxing CSP (Chrome's viewer refuses sandboxed documents); anything else
      // is an attachment under a sandbox, so a polyglot never runs as a page of the API's origin.
      if (!pdf) void reply.header('content-security-policy', "sandbox; default-src 'none'");
      void reply.send(stream);
    } catch (error) {
      void reply.send(answerUploadRefusal(error, reply));
    }
  }
}

/** Each provenance asked, with its logo. No provenance has a logo of its own yet (see the README): null for each. */
function logosOf(query: unknown): ProvenanceLogo[] {
  const { provenances } = parse(LogoQuery, query, 'query');
  const list = provenances === undefined ? [] : Array.isArray(provenances) ? provenances : [provenances];
  return [...new Set(list.map((p) => p.trim()).filter((p) => p !== ''))].map((provenance) => ({ provenance, logo: null }));
}
