import { Module } from '@nestjs/common';
import { PartnersController } from './partners/partners.controller.js';
import { Partners } from './partners/partners.service.js';
import { PartnerRatings } from './ratings/partner-ratings.js';
import { AdminTemplatesController, TemplatesController } from './templates/templates.controller.js';
import { Templates } from './templates/templates.service.js';
import { TemplateLogos } from './templates/template-logos.js';

/** The partners context's controllers: templates (who sees what) and the partners with their ratings. */
export const PARTNERS_CONTROLLERS = [TemplatesController, AdminTemplatesController, PartnersController];

/** The partners context: templates (selling channels), the dealers enabled for them, and the partners dealers rate. */
@Module({ controllers: PARTNERS_CONTROLLERS, providers: [Templates, TemplateLogos, Partners, PartnerRatings], exports: [Templates, PartnerRatings] })
export class PartnersModule {}
