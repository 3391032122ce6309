import { z } from 'zod';
import {
  EXPORT_BUYERS_CSV_COLUMNS, MultiAuctioneerTemplateLink, MarketTemplate, MarketTemplateChange, TemplateBuyerPage, TemplateCreate, TemplateEdit, TemplatePage, TemplateToggle, TemplateView, UserBuyerTemplate, UserBuyerTemplateChange,
  UsersBuyerTemplateChange,
} from '@auction/contracts';
import type { RouteDoc } from '../platform/docs/route-doc.js';

/** The rule of who sees what (ROLES.md), in the description of the whole API. */
export const WHO_SEES_SALES = 'Who sees what: an auction (or a showcase) sold through a template (partner, selling channel; its idTemplate) is seen, bid on, bought from and followed live only by dealers enabled for that template while it is enabled (PUT /api/v1/admin/user-buyer-template, /users-buyer-template), by ADMIN and CUSTOMER_CENTER, by its owner and by the managers of the template. The auction lists leave such auctions out; one check in the access guard answers every call naming such an idAuction or idLot (detail, lots, offers, observations, reports, exports) exactly as for an unknown auction (404020) or lot (404021); socket.io subscribe answers 404020 the same way, and a socket leaves the room of an auction its user may no longer see as soon as the template changes; MQTT refuses the subscription (0x80), and once the dealer is no longer enabled, no further message of the auction is forwarded to it. An auction without idTemplate (those before templates) is of the default channel, open to every dealer.';

/** The rule of who sees what (ROLES.md), said once for every template call. */
export const WHO_SEES_TEMPLATES = 'Who sees what (ROLES.md): a template (partner, selling channel) is seen by ADMIN and CUSTOMER_CENTER of its market, by the AUCTIONEER and MULTI_AUCTIONEER of the dealer whose channel it is, and by a dealer enabled for it while it is enabled; a dealer sees, bids on, buys from and follows live only the auctions and showcases of templates it is enabled for. A template the caller may not see answers as an unknown one: 404300.';
const MANAGE = 'Managed by an ADMIN of its market or an AUCTIONEER / MULTI_AUCTIONEER of its dealer (else 403001); deleted: 409300. Recorded on the template\'s stream with by and at.';
const LIST = 'Page: limit 1-100 (default 20), offset, sortField templateName|idMarket|provenance|status (default templateName), sortOrder asc|desc; filters idDealer, idMarket (or market), provenance, templateName (a part, any case), ids (repeated or comma separated). Answers {items, total, limit, offset}.';
const MANAGERS = 'ADMIN, AUCTIONEER, MULTI_AUCTIONEER';

/** OpenAPI entries of the partners context. */
export const PARTNERS_ROUTE_DOCS: readonly RouteDoc[] = [
  ['post', '/api/v1/secure/template', `Create a template: templateName (1-100), description, largeLogo and smallLogo (ids of stored images), commercialInfoPhone, commercialInfoEmail, vatCode, idMarket, provenance; idDealer (its owner) defaults to the caller's dealer. Created enabled, with no dealer enabled for it. ${MANAGE} 201 with the template.`, MANAGERS, TemplateCreate, TemplateView],
  ['put', '/api/v1/secure/template', `Edit a template: idTemplate and the fields to change. ${MANAGE} ${WHO_SEES_TEMPLATES}`, MANAGERS, TemplateEdit, TemplateView],
  ['delete', '/api/v1/secure/template', `Delete a template (query id): it leaves every list, its history stays. ${MANAGE} ${WHO_SEES_TEMPLATES} 204.`, MANAGERS, undefined, 'none'],
  ['get', '/api/v1/secure/template', `The templates the caller sees. ${LIST} ${WHO_SEES_TEMPLATES}`, 'logged in (template rule)', undefined, TemplatePage],
  ['get', '/api/v1/secure/template/{idTemplate}', `One template. ${WHO_SEES_TEMPLATES}`, 'logged in (template rule)', undefined, TemplateView],
  ['get', '/api/v1/secure/enabled-template', `The enabled templates the caller sees among ids (repeated or comma separated; none: all), by name. ${WHO_SEES_TEMPLATES}`, 'logged in (template rule)', undefined, z.array(TemplateView)],
  ['get', '/api/v1/secure/template-info', 'The enabled templates of a market (query market, required): the partners\' information (name, logos, description, contacts, VAT code), by name.', 'logged in', undefined, z.array(TemplateView)],
  ['get', '/api/v1/secure/multi-auctioneer-template', `The templates of a provenance (query provenance, required) the caller sees (first 100, by name). ${WHO_SEES_TEMPLATES}`, 'logged in (template rule)', undefined, TemplatePage],
  ['get', '/api/v1/secure/multi-auctioneer-templates', `The templates of a dealer (query idDealer, required) the caller sees (first 100, by name). ${WHO_SEES_TEMPLATES}`, 'logged in (template rule)', undefined, TemplatePage],
  ['get', '/api/v1/admin/template', `The templates of the caller's markets (query idDealer narrows to one dealer's). ${LIST}`, 'ADMIN, CUSTOMER_CENTER', undefined, TemplatePage],
  ['put', '/api/v1/admin/enable-template', `Enable or disable a template (body idTemplate, flgEnabled). A disabled template's auctions and showcases are seen by no dealer. Already so: nothing written. ${MANAGE}`, 'ADMIN', TemplateToggle, TemplateView],
  ['get', '/api/v1/admin/user-buyer-template', 'The templates of a user\'s dealer\'s market and those its dealer is enabled for, each with flgEnabled (query idUser; unknown user 404060; of a market the caller does not manage 403021).', 'ADMIN, CUSTOMER_CENTER', undefined, UserBuyerTemplate],
  ['put', '/api/v1/admin/user-buyer-template', `Enable (or not) the user's dealer for a template (body idUser, idTemplate, flgEnabled): its users then see (or no longer see) the template's auctions and showcases. Answers as GET. ${MANAGE}`, 'ADMIN', UserBuyerTemplateChange, UserBuyerTemplate],
  ['get', '/api/v1/admin/users-buyer-template', 'The dealers enabled for a template (query idTemplate, required), paged by idDealer (limit, offset, sortOrder).', 'ADMIN, CUSTOMER_CENTER', undefined, TemplateBuyerPage],
  ['post', '/api/v1/admin/users-buyer-template', `Enable (or not) dealers for a template at once (body idTemplate, idDealers 1-500, flgEnabled); an unknown dealer 404040, nothing written. ${MANAGE} 200 with the template.`, 'ADMIN', UsersBuyerTemplateChange, TemplateView],
  ['put', '/api/v1/admin/users-buyer-template', `As POST. ${MANAGE}`, 'ADMIN', UsersBuyerTemplateChange, TemplateView],
  ['get', '/api/v1/admin/market-template', 'The enabled templates of a market (query market, required) the caller sees, each with flgEnabled for the dealer (query idDealer, required; unknown 404040; of a market the caller does not manage 403021).', 'ADMIN, CUSTOMER_CENTER', undefined, MarketTemplate],
  ['put', '/api/v1/admin/market-template', `Enable (or not) the dealer for every enabled template of the market that the caller manages, at once (body market, idDealer, flgEnabled). Answers as GET. ${MANAGE}`, 'ADMIN', MarketTemplateChange, MarketTemplate],
  ['get', '/api/v1/admin/export-buyers', `The dealers enabled for the templates the caller sees, as CSV (buyers.csv: RFC 4180, UTF-8 with a byte-order mark, CRLF, formula-like cells behind an apostrophe), written a template at a time as it is read (csv-stringify), templates by name; columns ${EXPORT_BUYERS_CSV_COLUMNS.join(', ')}; query market and idTemplate narrow it.`, 'ADMIN, CUSTOMER_CENTER', undefined, 'file'],
  ['get', '/api/v1/admin/multi-auctioneer-template', 'The templates a multi-auctioneer dealer sells through (query idDealer, required), those the caller sees, by name. Its MULTI_AUCTIONEER users see these templates.', 'ADMIN, CUSTOMER_CENTER', undefined, z.array(TemplateView)],
  ['post', '/api/v1/admin/multi-auctioneer-template', `Associate a dealer with the multi-auctioneer capability with a template (body idDealer, idTemplate; unknown dealer 404040, not a multi-auctioneer 409130). Already so: nothing written. ${MANAGE} 200 with the template.`, 'ADMIN', MultiAuctioneerTemplateLink, TemplateView],
  ['delete', '/api/v1/admin/multi-auctioneer-template', `End the association (query idDealer, idTemplate). ${MANAGE} 204.`, 'ADMIN', undefined, 'none'],
];
