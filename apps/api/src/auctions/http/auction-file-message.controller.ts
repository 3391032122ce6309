import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { randomUUID } from 'node:crypto';
import { API_ERROR_CODES, Id } from '@auction/contracts';
import { BLOB_STORE, type BlobMeta, type BlobStore } from '@auction/blob-store';
import { AUCTION_MANAGER_ROLES } from '@auction/domain';
import { CurrentActor, Roles } from '../../identity/auth.guard.js';
import type { Actor } from '../../identity/actor.js';
import { MULTIPART_ROUTE } from '../../identity/registration/multipart.js';
import { AccessError } from '../../platform/engine/access-error.js';
import { Consistency } from '../../platform/engine/consistency.js';
import { CommandRunner } from '../../platform/http/command-runner.js';
import { attachmentDisposition } from '../../platform/http/report-file.js';
import { parse } from '../../platform/http/validation.js';
import { RouteConfig } from '@nestjs/platform-fastify';
import { UploadRefusal, refusalOf } from '../../platform/http/uploads/upload-refusal.js';
import { judgePdf } from '../../platform/http/uploads/content-types.js';
import { readStreamedUpload } from '../../platform/http/uploads/streamed-multipart.js';
import { SetAuctionFileMessageCommand, type FileMessageChange } from '../commands/auction-message.handler.js';
import { AuctionQueries } from '../read/auction-queries.js';

/** Largest regulation document of an auction (a PDF by content: the vehicle documents' rule, `judgePdf`). */
export const FILE_MESSAGE_MAX_BYTES = 10 * 1024 * 1024;


/**
 * An auction's own regulation document (spec 02 `file-message`): its owner or an administrator uploads (PATCH, multipart
 * `file`, a PDF read streaming into the blob store) or removes it (DELETE) before the auction closes; whoever may see the
 * auction downloads it (GET), as its view's `fileMessage` links. The document replaced or removed is deleted.
 */
@Controller('api/v1/secure/auction/:idAuction/file-message')
export class AuctionFileMessageController {
  constructor(
    private readonly runner: CommandRunner, private readonly queries: AuctionQueries, private readonly consistency: Consistency,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
  ) {}

  @Patch()
  @Roles(...AUCTION_MANAGER_ROLES)
  @RouteConfig(MULTIPART_ROUTE)
  async upload(
    @CurrentActor() actor: Actor, @Param('idAuction') id: string, @Body() body: unknown,
  ): Promise<{ fileMessage: string }> {
    const idAuction = parse(Id, id, 'idAuction');
    await this.ownedBy(actor, idAuction); // before the body is read: nobody else's file is ever stored
    let meta: BlobMeta | null;
    try {
      meta = (await readStreamedUpload<BlobMeta>(body, {
        fields: [], maxFileBytes: FILE_MESSAGE_MAX_BYTES,
        onFile: (file) => this.blobs.putStream(file, { owner: `auction:${idAuction}`, maxBytes: FILE_MESSAGE_MAX_BYTES, judge: judgePdf }),
        discard: (stored) => this.blobs.delete(stored.idFile),
      })).file;
      if (!meta) throw new UploadRefusal(400, API_ERROR_CODES.VEHICLE_UPLOAD_MALFORMED, 'the file is missing', [{ field: 'file', rule: 'missing' }]);
    } catch (error) {
      // Thrown (the error filter answers it): a refused call's Idempotency-Key is forgotten, so the right file can follow.
      throw refusalOf(error, FILE_MESSAGE_MAX_BYTES);
    }
    await this.change(actor, idAuction, meta.idFile);
    return { fileMessage: `/api/v1/secure/auction/${idAuction}/file-message` };
  }

  @Delete()
  @Roles(...AUCTION_MANAGER_ROLES)
  @HttpCode(204)
  async remove(@CurrentActor() actor: Actor, @Param('idAuction') id: string): Promise<void> {
    const idAuction = parse(Id, id, 'idAuction');
    await this.change(actor, idAuction, null);
  }

  @Get()
  async download(@CurrentActor() actor: Actor, @Param('idAuction') id: string, @Res() reply: FastifyReply): Promise<void> {
    const idAuction = parse(Id, id, 'idAuction');
    await this.consistency.caughtUp(actor.idUser);
    const idFile = await this.queries.fileMessageOf(actor, idAuction);
    const file = idFile ? await this.blobs.open(idFile) : null;
    if (!file) throw new AccessError(404, API_ERROR_CODES.AUCTION_FILE_MESSAGE_NOT_FOUND, 'this auction has no regulation document');
    void reply.status(200).header('content-type', 'application/pdf').header('content-length', String(file.meta.size))
      .header('content-disposition', attachmentDisposition(`regulation-${idAuction}.pdf`, true)).header('x-content-type-options', 'nosniff')
      .send(file.stream);
  }

  /** Runs the command; a file it did not keep is deleted, and so is the one it replaced. */
  private async change(actor: Actor, idAuction: string, idFile: string | null): Promise<void> {
    let change: FileMessageChange | null = null;
    try {
      change = await this.runner.run<FileMessageChange>(actor, new SetAuctionFileMessageCommand(actor, idAuction, idFile, randomUUID()));
    } finally {
      if (idFile && !change) await this.blobs.delete(idFile).catch(() => undefined);
    }
    if (change.replaced && change.replaced !== idFile) await this.blobs.delete(change.replaced).catch(() => undefined);
  }

  private async ownedBy(actor: Actor, idAuction: string): Promise<void> {
    await this.consistency.caughtUp(actor.idUser);
    const owner = await this.queries.auctionOwner(idAuction);
    if (!actor.roles.includes('ADMIN') && owner !== actor.idUser) throw AccessError.notOwner();
  }
}
