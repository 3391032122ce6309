import { Module } from '@nestjs/common';
import { AdminTemplatesController, TemplatesController } from './templates/templates.controller.js';
import { Templates } from './templates/templates.service.js';

/** The partners context's controllers: templates (who sees what). */
export const PARTNERS_CONTROLLERS = [TemplatesController, AdminTemplatesController];

/** The partners context: templates (selling channels) and the dealers enabled for them. */
@Module({ controllers: PARTNERS_CONTROLLERS, providers: [Templates], exports: [Templates] })
export class PartnersModule {}
