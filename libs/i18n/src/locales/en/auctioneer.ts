/** The auctioneer's screens: auction management list, create auction, one auction's page, extend and award dialogs. */
export const auctioneer = {
  types: { LEA: 'Leasing', MUL: 'Multi-seller', OTH: 'Other' },
  management: {
    title: 'My auctions', create: 'New auction', status: 'Status', allStatuses: 'All statuses', search: 'Search name, plate, brand or model',
    searchPlaceholder: 'e.g. Fleet returns, GA123BC', submit: 'Search', reset: 'Reset', empty: 'No auction found.', caption: 'Auctions you manage',
    name: 'Auction', market: 'Market', type: 'Type', start: 'Start', end: 'End', lots: 'Lots', actions: 'Actions', open: 'Open',
    delete: 'Delete', deleteLabel: 'Delete auction {{name}}', confirmDelete: 'Delete the auction "{{name}}"? This cannot be undone.',
  },
  create: {
    title: 'New auction', general: 'Auction', name: 'Auction name', market: 'Market', type: 'Auction type',
    regulationRequired: 'Dealers must accept the regulation before offering', extension: 'Time extension',
    windowSeconds: 'Extension window (seconds)', extendSeconds: 'Extend by (seconds)', extensionHint: 'An offer in the last window seconds of a lot moves its end. 0 turns the extension off.',
    start: 'Start', end: 'End', lots: 'Lots', addLot: 'Add lot', pickVehicles: 'Pick vehicles from stock', removeLot: 'Remove', removeLotLabel: 'Remove lot {{number}}',
    submit: 'Create auction', cancel: 'Cancel', invalid: 'Some fields are not valid. Correct the highlighted fields.', lotsCaption: 'Lots of the auction',
  },
  lotField: {
    number: 'No.', plate: 'Plate', frame: 'Frame (VIN)', brand: 'Brand', model: 'Model', basePrice: 'Base price (€)', minIncrement: 'Min. increment (€)',
    reservePrice: 'Reserve (€)', buyNowPrice: 'Buy now (€)', fieldLabel: '{{field}}, lot {{number}}',
  },
  edit: { title: 'Edit auction', submit: 'Save changes', notScheduled: 'Only a scheduled auction can be edited: this one is {{status}}.', open: 'Edit' },
  regulation: {
    title: 'Message and regulation for dealers',
    hint: 'Dealers read the message and the document before they accept this auction\'s regulation.',
    closed: 'The auction is closed: its message and regulation can no longer change.', message: 'Message to dealers',
    remaining: 'Characters left: {{count}}', saveMessage: 'Save message', messageSaved: 'The message to dealers is saved.',
    document: 'Regulation document (PDF)', noDocument: 'No regulation document of its own.',
    upload: 'Upload a regulation document (PDF, up to 10 MB)', replace: 'Replace the document (PDF, up to 10 MB)',
    documentSaved: 'The regulation document is saved.', remove: 'Remove document',
    confirmRemove: 'Remove the regulation document of this auction?',
  },
  pickVehicles: {
    title: 'Vehicles in stock', search: 'Search', failed: 'The vehicles could not be loaded. Try again.',
    none: 'No published vehicle in stock matches.', caption: 'Vehicles that can go into the auction', pick: 'Pick', photo: 'Photo',
    vehicle: 'Vehicle', mileage: 'Mileage', registered: 'First registration', km: '{{km}} km', pickLabel: 'Pick vehicle {{plate}}',
    alreadyLabel: 'Vehicle {{plate}} is already a lot', previous: 'Previous', next: 'Next', range: '{{from}}–{{to}} of {{total}}',
    add: 'Add as lots ({{count}})',
  },
  picker: { date: 'Date (DD/MM/YYYY)', datePlaceholder: 'DD/MM/YYYY', hour: 'Hour', minute: 'Minutes', time: 'Time (24 h)' },
  fieldErrors: {
    required: 'This field is required.', tooLong: 'This text is too long.', invalid: 'This value is not valid.',
    amount: 'Enter a positive amount in euros with at most 2 decimals.', belowBase: 'This price must not be below the base price.',
    noLots: 'Add at least one lot.', tooMany: 'Too many lots.', date: 'Enter a real date as DD/MM/YYYY.', seconds: 'Enter a whole number of seconds from 0 to 3600.',
    endBeforeStart: 'The end cannot be before the start.', endNotFuture: 'The end must be in the future.',
  },
  details: {
    starts: 'Starts {{date}}', ends: 'Ends {{date}}', endsIn: 'Time left', extension: 'Extension: {{window}} window, +{{extend}}',
    extensionOff: 'No time extension', regulationRequired: 'Regulation required', back: 'All my auctions', extend: 'Extend time', awardAll: 'Award all',
    confirmAwardAll: 'Award every lot to be awarded whose best offer meets its reserve?', lotsCaption: 'Lots and their state',
    countdownLabel: 'Time left in the auction',
  },
  lot: {
    number: 'No.', plate: 'Plate', brand: 'Brand', model: 'Model', base: 'Base', reserve: 'Reserve', best: 'Best offer', offers: 'Offers',
    status: 'Status', endsIn: 'Ends in', actions: 'Actions', award: 'Award', notAward: 'Not award', revert: 'Revert',
    awardLabel: 'Award lot {{plate}}', notAwardLabel: 'Do not award lot {{plate}}', revertLabel: 'Revert the award of lot {{plate}}',
    confirmNotAward: 'Mark lot {{plate}} as not awarded?', confirmRevert: 'Put lot {{plate}} back to be awarded?',
    countdownLabel: 'Time left on lot {{plate}}', buyNowNoRevert: 'Bought with buy now: cannot be reverted',
  },
  ownerState: { watching: 'Live', toAward: 'To award', awarded: 'Awarded', notAwarded: 'Not awarded' },
  award: {
    title: 'Award lot {{plate}}', choose: 'Choose the winning offer (best first)', timesIn: 'times in {{zone}}', option: '{{amount}} by {{username}}, {{time}}',
    clickAndBuy: 'buy now', belowReserve: 'below reserve', none: 'This lot has no offers to award.', submit: 'Award', cancel: 'Cancel',
  },
  extend: {
    title: 'Extend the auction', start: 'Start', startDate: 'Start date', startTime: 'Start time', newEnd: 'New end', submit: 'Extend', cancel: 'Cancel',
    hint: 'Seconds are set to zero.',
  },
  report: {
    title: 'Offers report', refresh: 'Refresh', idOffer: 'Offer id', lot: 'Lot', amount: 'Amount', dealer: 'Dealer', time: 'Time',
    clickAndBuy: 'Buy now', yes: 'Yes', no: 'No', csv: 'Download CSV', xlsx: 'Download XLSX', empty: 'No offers yet.', caption: 'Every accepted offer, in the order received',
  },
  outcome: {
    awardAll: '{{awarded}} of {{total}} awarded', awardAllWhy: '{{awarded}} of {{total}} awarded: {{why}}', belowReserve: '{{plates}} below reserve',
    noOffers: '{{plates}} without offers', nothingToAward: 'No lot was waiting to be awarded.', awarded: 'Lot {{plate}} awarded to {{username}} for {{amount}}.',
    notAwarded: 'Lot {{plate}} marked as not awarded.', reverted: 'Award of lot {{plate}} reverted: the lot is to be awarded again.',
    extended: 'The auction now ends {{date}}.', created: 'Auction “{{name}}” created.', edited: 'Auction “{{name}}” saved.', deleted: 'Auction “{{name}}” deleted.',
  },
  export: {
    sheet: 'Offers', lotNumber: 'Lot no.', plate: 'Plate', vehicle: 'Vehicle', amount: 'Amount (EUR)', dealer: 'Dealer', time: 'Time ({{zone}})',
    clickAndBuy: 'Buy now', awardStatus: 'Award status', winner: 'Winner', yes: 'Yes', no: 'No', TBA: 'To award', AWA: 'Awarded', NAW: 'Not awarded', lost: 'Not awarded (outbid)',
  },
  offers: { open: 'Offers', title: 'Offers: {{name}}', back: 'Back to the auction', loading: 'Loading…', noLot: 'This lot is not in this auction.', awarded: 'Awarded', best: 'Best offer', mark: 'Note', lotTitle: 'Offers on lot {{number}}: {{brand}} {{model}}', all: 'All offers of the auction', buyer: 'Buyer', lotCaption: 'Offers on {{plate}}, in the order received' },
  buyer: { title: 'Buyer of lot {{number}}: {{brand}} {{model}}', back: 'Offers on this lot', notAwarded: 'This lot has no buyer: {{status}}.', unknown: 'The winning offer could not be found.', username: 'Dealer', price: 'Price', offeredAt: 'Offered at' },
};
