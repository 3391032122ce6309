/** The dealer's auction screens: running auctions, the live auction page, lot detail, observed lots. */
export const auction = {
  title: 'Running auctions',
  search: { label: 'Search plate, brand, model or auction', placeholder: 'e.g. GA123BC, Fiat 500', submit: 'Search', clear: 'Clear' },
  list: { name: 'Auction', market: 'Market', lots: 'Lots', ends: 'Ends', endsIn: 'Time left', status: 'Status', open: 'Open', empty: 'No auction is running right now.' },
  page: { starts: 'Starts {{date}}', ends: 'Ends {{date}}', lotsCount: '{{count}} lots', regulationRequired: 'Regulation required', back: 'All running auctions', notFound: 'This auction does not exist.' },
  lot: {
    number: 'No.', plate: 'Plate', vehicle: 'Vehicle', base: 'Base price', best: 'Best offer', offers: 'Offers', mine: 'My offer', state: 'My state',
    endsIn: 'Ends in', status: 'Status', actions: 'Offer', detail: 'Details', buyNow: 'Buy now', buyNowFor: 'Buy now for {{amount}}',
    observe: 'Observe', unobserve: 'Stop observing', observed: 'Observed', minIncrement: 'Min. increment', nextValid: 'Next valid offer',
    countdownLabel: 'Time left on lot {{plate}}', detailTitle: 'Lot {{number}}: {{brand}} {{model}}',
  },
  my: { noOffer: 'No offer', placing: 'Sending…', leading: 'Leading', outbid: 'Outbid', won: 'Won', lost: 'Lost' },
  offer: {
    paused: 'Offers paused while the connection is lost: nothing is sent. Offer again once it is back.',
    amount: 'Your offer on {{plate}}', submit: 'Offer', invalid: 'Enter an amount in euros with at most 2 decimals.',
    belowMinimum: 'The minimum is {{amount}}.', retrying: 'Connection problem, retrying…', accepted: 'Offer accepted: {{amount}}',
    confirmBuyNow: 'Buy {{brand}} {{model}} ({{plate}}) now for {{amount}}? This is binding.',
  },
  regulation: {
    title: 'Auction regulation',
    text: 'Offers in this auction are binding. The highest offer at the end of a lot wins it, subject to the reserve price. An offer in the last seconds extends the lot. Do you accept the regulation of this auction?',
    accept: 'Accept',
    document: 'Read this auction\'s regulation (PDF)',
  },
  bid: { plus: '+{{amount}}', plusLabel: 'Add {{amount}} to the offer ({{steps}} × the minimum increment)', send: 'Send offer', confirmFarAbove: 'You are offering {{amount}}, far above the next valid offer ({{minimum}}). Offers are binding. Send it?', confirmRaiseOwn: 'You already lead this lot with {{current}}. Raise your own offer to {{amount}}?', confirmBuyNowInstead: '{{amount}} reaches the buy-now price. Buy {{brand}} {{model}} ({{plate}}) now for {{buyNow}} instead? This is binding.', accepted: 'Your {{amount}} offer was accepted.', late: 'Your {{amount}} offer arrived after the close and was not taken.', refused: 'Your {{amount}} offer was not taken: {{reason}}', extended: 'Extended by {{duration}}: now ends at {{time}}', extendedShort: '+{{duration}}', stale: 'Connection lost: these figures may be out of date.' },
  dealer: { history: 'Bids', historyEmpty: 'No bids yet.', you: 'You', bidder: 'Bidder {{number}}', amount: 'Amount', time: 'Time', who: 'Bidder', viaBuyNow: 'buy now', reserveMet: 'Reserve met', reserveNotMet: 'Reserve not met', noReserve: 'No reserve', awaitingSeller: 'Awaiting the seller’s decision', myBidsTitle: 'My bids and wins', myBidsEmpty: 'You have not bid on any lot yet.', outcome: 'Outcome', scheduledTitle: 'Scheduled auctions', scheduledEmpty: 'No auction is scheduled.', starts: 'Starts', startsIn: 'Starts in', navMyBids: 'My bids' },
  observedPage: { title: 'Observed lots', empty: 'You do not observe any lot.', auction: 'Auction' },
  gallery: { title: 'Photos', none: 'No photos of this vehicle.', alt: '{{subject}}, photo {{number}} of {{total}}', previous: 'Previous photo', next: 'Next photo', position: 'Photo {{number}} of {{total}}', original: 'Open the original photo', keys: 'Arrow keys, Home and End move through the photos; swipe on a touch screen.', thumbnails: 'All photos', show: 'Show photo {{number}} of {{total}}' },
  vehicle: { km: '{{km}} km', kw: '{{kw}} kW', sheet: 'Data sheet', documents: 'Documents', document: 'Document {{number}} (opens in a new tab)', version: 'Version', firstRegistration: 'First registration', mileageKm: 'Mileage', fuel: 'Fuel', gearbox: 'Gearbox', powerKw: 'Power', colour: 'Colour', damageTotal: 'Damage total', area: 'Area', region: 'Region', fuels: { PETROL: 'Petrol', DIESEL: 'Diesel', LPG: 'LPG', CNG: 'CNG', HYBRID: 'Hybrid', PLUG_IN_HYBRID: 'Plug-in hybrid', ELECTRIC: 'Electric', HYDROGEN: 'Hydrogen', OTHER: 'Other' }, gearboxes: { MANUAL: 'Manual', AUTOMATIC: 'Automatic', SEMI_AUTOMATIC: 'Semi-automatic' } },
};
