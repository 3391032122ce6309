import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { API_ERROR_CODES, OpenTopCmsQuery, PortalInfoQuery, PublicImageQuery, type PortalInfo, type TopCmsView } from '@auction/contracts';
import { Public } from '../../identity/auth.guard.js';
import { answerUploadRefusal } from '../../platform/http/uploads/upload-refusal.js';
import { ValidationError, parse } from '../../platform/http/validation.js';
import { BannerImageStore, type PublicImage } from './banner-image-store.service.js';
import { PortalInfoService } from './portal-info.service.js';
import { TopCmsQueries } from './top-cms-queries.service.js';

/** Parses with its own code (the spec's "error if either is missing"): a missing or unknown value is 400 with `code`. */
function parseWith<S extends z.ZodType>(schema: S, query: unknown, code: number): z.output<S> {
  try {
    return parse(schema, query, 'query');
  } catch (error) {
    if (error instanceof ValidationError) throw new ValidationError(error.message, error.details, code);
    throw error;
  }
}

/**
 * The public portal's open calls (issue 23 item 6): the home's banners of a market and language, its information, and
 * the public images. No login. Images answer with their stored type, `X-Content-Type-Options: nosniff`, a sandboxing
 * CSP, and: a saved one (its blob id names its content for ever) `public, max-age=31536000, immutable` with an ETag;
 * a temporary one (an upload not saved yet) `private, max-age=600`. Lists: `public, max-age=30` (info: 5).
 */
@Controller('api/v1/open')
export class OpenPortalController {
  constructor(private readonly queries: TopCmsQueries, private readonly info: PortalInfoService, private readonly images: BannerImageStore) {}

  @Public()
  @Get('top-cms')
  topCms(@Query() query: unknown, @Res({ passthrough: true }) reply: FastifyReply): TopCmsView[] {
    const parsed = parseWith(OpenTopCmsQuery, query, API_ERROR_CODES.TOP_CMS_QUERY_INVALID);
    void reply.header('cache-control', 'public, max-age=30');
    return this.queries.open(parsed);
  }

  @Public()
  @Get('info')
  async portalInfo(@Query() query: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<PortalInfo> {
    const { market } = parseWith(PortalInfoQuery, query, API_ERROR_CODES.PORTAL_INFO_MARKET_INVALID);
    const info = await this.info.info(market);
    void reply.header('cache-control', 'public, max-age=5');
    return info;
  }

  @Public()
  @Get('image')
  image(@Query() query: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.send(query, request, reply, (path) => this.images.publicImage(path), 'public, max-age=31536000, immutable');
  }

  @Public()
  @Get('temp-image')
  tempImage(@Query() query: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.send(query, request, reply, (path) => this.images.tempImage(path), 'private, max-age=600');
  }

  private async send(query: unknown, request: FastifyRequest, reply: FastifyReply, find: (path: string) => Promise<PublicImage>, cache: string): Promise<void> {
    void reply.header('x-content-type-options', 'nosniff').header('cache-control', 'no-store');
    try {
      const { path } = parseWith(PublicImageQuery, query, API_ERROR_CODES.PUBLIC_IMAGE_NOT_FOUND);
      const image = await find(path);
      void reply.header('cache-control', cache).header('etag', image.etag).header('content-security-policy', "default-src 'none'; sandbox");
      if (request.headers['if-none-match'] === image.etag) {
        image.stream.destroy();
        void reply.status(304).send();
        return;
      }
      void reply.status(200).header('content-type', image.mediaType).header('content-length', String(image.size)).send(image.stream);
    } catch (error) {
      if (error instanceof ValidationError) {
        // A malformed path is answered as a missing image: one answer for whatever is not a public image.
        void reply.status(404).send({ errorCode: API_ERROR_CODES.PUBLIC_IMAGE_NOT_FOUND, errorMsg: 'no public image at this path' });
        return;
      }
      void reply.send(answerUploadRefusal(error, reply));
    }
  }
}
