import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AUCTIONS_CONTROLLERS, AuctionsModule } from './auctions/auctions.module.js';
import { COMMUNICATION_CONTROLLERS, CommunicationModule } from './communication/communication.module.js';
import { DEALERS_CONTEXT_CONTROLLERS, DealersModule } from './dealers/dealers.module.js';
import { IDENTITY_CONTROLLERS, IdentityModule } from './identity/identity.module.js';
import { PARTNERS_CONTROLLERS, PartnersModule } from './partners/partners.module.js';
import { PAYMENTS_CONTROLLERS, PaymentsModule } from './payments/payments.module.js';
import { PLATFORM_CONTROLLERS, PlatformModule, type PlatformDependencies } from './platform/platform.module.js';
import { SELLERS_CONTROLLERS, SellersModule } from './partners/sellers/sellers.module.js';
import { TOP_CMS_CONTROLLERS, TopCmsModule } from './partners/top-cms/top-cms.module.js';
import { SHOWCASE_CONTROLLERS, ShowcaseModule } from './showcase/showcase.module.js';
import { VEHICLES_CONTROLLERS, VehiclesModule } from './vehicles/vehicles.module.js';
import { VEHICLE_UPLOADS_CONTROLLERS, VehicleUploadsModule } from './vehicles/uploads/vehicle-uploads.module.js';

/** What the application is built from. */
export type AppDependencies = PlatformDependencies;

/** Every controller of the API, context by context (the route-table test reads their routes). */
export const ALL_CONTROLLERS = [
  ...PLATFORM_CONTROLLERS, ...IDENTITY_CONTROLLERS, ...AUCTIONS_CONTROLLERS, ...SHOWCASE_CONTROLLERS, ...DEALERS_CONTEXT_CONTROLLERS, ...VEHICLES_CONTROLLERS,
  ...VEHICLE_UPLOADS_CONTROLLERS, ...COMMUNICATION_CONTROLLERS, ...SELLERS_CONTROLLERS, ...PARTNERS_CONTROLLERS, ...TOP_CMS_CONTROLLERS,
  ...PAYMENTS_CONTROLLERS,
];

/** The API: the platform built around an event store chosen at start-up, and one module per bounded context. */
@Module({})
export class AppModule {
  static forRoot(dependencies: AppDependencies): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CqrsModule.forRoot(), PlatformModule.forRoot(dependencies), IdentityModule, AuctionsModule, ShowcaseModule, DealersModule, VehiclesModule,
        VehicleUploadsModule, CommunicationModule, SellersModule, PartnersModule, TopCmsModule, PaymentsModule,
      ],
    };
  }
}
