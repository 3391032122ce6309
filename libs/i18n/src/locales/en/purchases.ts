/** The purchase summary: what the dealer won at auction or bought in the showcase. */
export const purchases = {
  title: 'Purchases',
  filters: {
    legend: 'Search purchases',
    auctionName: 'Auction name',
    channel: 'Channel',
    anyChannel: 'All',
    frame: 'Frame number',
    fromDate: 'From (DD/MM/YYYY)',
    toDate: 'To (DD/MM/YYYY)',
    idUserDealer: 'Dealer user id',
    idVehicle: 'Vehicle id',
    licensePlate: 'Licence plate',
    invalidDate: 'Enter a date as DD/MM/YYYY.',
    rangeInvalid: 'The end date must not be before the start date.',
  },
  channel: { AUCTION: 'Auction', SHOWCASE: 'Showcase' },
  columns: { date: 'Date', channel: 'Channel', auctionName: 'Auction', licensePlate: 'Plate', brand: 'Brand', model: 'Model', frame: 'Frame', price: 'Price', rating: 'Rating' },
  empty: 'No purchase matches your search.',
  count_one: '{{count}} purchase',
  count_other: '{{count}} purchases',
};
