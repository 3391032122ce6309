import type { Provider, Type } from '@nestjs/common';
import { AnonymisationCandidates } from './anonymisation-candidates.js';
import { AnonymisationController } from './anonymisation.controller.js';
import { AnonymisationService } from './anonymisation.service.js';

/** Controllers of the back-office's anonymisation feature. */
export const ANONYMISATION_CONTROLLERS: Type<unknown>[] = [AnonymisationController];

/** Providers of the back-office's anonymisation feature. */
export const ANONYMISATION_PROVIDERS: Provider[] = [AnonymisationCandidates, AnonymisationService];
