import { randomUUID } from 'node:crypto';
import { PersonalDataErasers } from '../../platform/erasure/personal-data-erasers.js';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import {
  API_ERROR_CODES, CreateLeadRequest, LeadDeliveryQuery, LeadQuery, UpdateLeadRequest, type LeadDeliveryPage, type LeadPage, type LeadView,
} from '@auction/contracts';
import { textOfMailHtml } from '@auction/mail';
import type { Actor } from '../../identity/actor.js';
import { AccessError } from '../../platform/engine/access-error.js';
import { crashPoint } from '../../platform/engine/crash-point.js';
import { CLOCK, FANOUT, type Clock } from '../../platform/engine/tokens.js';
import type { Fanout } from '../../platform/fanout/fanout.js';
import { parse } from '../../platform/http/validation.js';
import { safeMailBody } from '../email/safe-body.js';
import { MailSender } from '../email/mail-sender.js';
import type { OutboxMail } from '../email/mail-outbox.js';
import { LeadStore, type LeadRecord } from './lead-store.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** The id of a campaign recipient's mail: the campaign and the recipient's place, so queuing it twice adds nothing. */
const mailIdOf = (idLead: string, index: number) => `${idLead}-${String(index).padStart(5, '0')}`;

/**
 * Lead (mailing) campaigns: a DRAFT is created and changed; sending it marks it SENDING and queues one outbox mail per
 * recipient (ids from the campaign and the place, so queuing again adds nothing), which the {@link MailSender} sends in
 * the background. Progress and each recipient's state are the outbox's. On start every SENDING campaign is queued
 * again (a crash between the mark and the queue), so a campaign resumes where it was, sending no one twice.
 */
@Injectable()
export class LeadService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Leads');
  private readonly store: LeadStore;
  private readonly contents = new Map<string, { subject: string; html: string; text: string }>();

  constructor(
    private readonly sender: MailSender, @Inject(CLOCK) private readonly clock: Clock, @Inject(FANOUT) fanout: Fanout, erasers: PersonalDataErasers,
  ) {
    this.store = new LeadStore(fanout.db);
    erasers.register({ name: 'lead campaigns', forgetEmail: (email) => this.store.forgetAddress(email) });
    sender.useBatchContent(async (batch) => {
      const known = this.contents.get(batch);
      if (known) return known;
      const lead = await this.store.get(batch);
      if (!lead) return null;
      const content = { subject: lead.subject, html: lead.html, text: lead.text };
      this.contents.set(batch, content);
      return content;
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    try {
      for (const lead of await this.store.sending()) await this.queue(lead);
    } catch (error) {
      this.logger.warn(`resuming campaigns failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async create(actor: Actor, body: unknown): Promise<LeadView> {
    const request = parse(CreateLeadRequest, body);
    const now = this.clock.now();
    const html = safeMailBody(request.email);
    const lead: LeadRecord = {
      id: `lead-${randomUUID()}`, name: request.name, subject: request.subject, html, text: textOfMailHtml(html), recipients: request.recipients,
      status: 'DRAFT', createdBy: actor.idUser, createdAt: now, updatedAt: now,
    };
    await this.store.insert(lead);
    return this.view(lead);
  }

  async update(body: unknown): Promise<LeadView> {
    const request = parse(UpdateLeadRequest, body);
    const lead = await this.known(request.idLead);
    if (lead.status !== 'DRAFT') throw notDraft();
    const html = request.email !== undefined ? safeMailBody(request.email) : lead.html;
    const next: LeadRecord = {
      ...lead, html, text: textOfMailHtml(html), name: request.name ?? lead.name, subject: request.subject ?? lead.subject,
      recipients: request.recipients ?? lead.recipients, status: request.send ? 'SENDING' : 'DRAFT', updatedAt: this.clock.now(),
    };
    // Of two sends at once one wins; the other finds it no longer a draft.
    if (!(await this.store.updateDraft(next))) throw notDraft();
    if (next.status === 'SENDING') {
      crashPoint('lead-marked-before-queue');
      await this.queue(next);
    }
    return this.view(next);
  }

  async page(query: unknown): Promise<LeadPage> {
    const { limit, offset, sortField, sortOrder } = parse(LeadQuery, query, 'query');
    const page = await this.store.page(sortField, sortOrder, limit, offset);
    return { total: page.total, limit, offset, items: await Promise.all(page.items.map((l) => this.view(l))) };
  }

  async one(idLead: string): Promise<LeadView> {
    return this.view(await this.known(idLead));
  }

  async deliveries(idLead: string, query: unknown): Promise<LeadDeliveryPage> {
    const { limit, offset } = parse(LeadDeliveryQuery, query, 'query');
    await this.known(idLead);
    const page = await this.sender.outbox.ofBatch(idLead, limit, offset);
    return {
      total: page.total, limit, offset,
      items: page.items.map((m) => ({ recipient: m.recipients[0] ?? '', state: m.state, attempts: m.attempts, sentAt: m.sentAt === null ? null : iso(m.sentAt), errorCode: m.errorCode })),
    };
  }

  private async queue(lead: LeadRecord): Promise<void> {
    const mails: OutboxMail[] = lead.recipients.map((to, i) => ({
      id: mailIdOf(lead.id, i), batch: lead.id, recipients: [to], cc: [], subject: '', html: '', text: '', createdBy: lead.createdBy,
    }));
    for (let i = 0; i < mails.length; i += 500) await this.sender.outbox.enqueue(mails.slice(i, i + 500), this.clock.now());
    this.sender.wake();
  }

  private async known(idLead: string): Promise<LeadRecord> {
    const lead = /^[A-Za-z0-9_-]{1,64}$/.test(idLead) ? await this.store.get(idLead) : null;
    if (!lead) throw new AccessError(404, API_ERROR_CODES.LEAD_NOT_FOUND, 'no such campaign');
    return lead;
  }

  private async view(lead: LeadRecord): Promise<LeadView> {
    const counts = lead.status === 'DRAFT' ? { QUEUED: 0, SENT: 0, FAILED: 0 } : await this.sender.outbox.countsOf(lead.id);
    const queued = lead.status === 'DRAFT' ? 0 : lead.recipients.length - counts.SENT - counts.FAILED;
    return {
      idLead: lead.id, name: lead.name, subject: lead.subject, status: lead.status === 'SENDING' && queued === 0 ? 'DONE' : lead.status,
      total: lead.recipients.length, sent: counts.SENT, failed: counts.FAILED, queued, createdAt: iso(lead.createdAt), updatedAt: iso(lead.updatedAt),
    };
  }
}

const notDraft = () => new AccessError(409, API_ERROR_CODES.LEAD_NOT_DRAFT, 'the campaign is no longer a draft');
