/** Shared words: navigation, dialogs, spinner, statuses, language names. */
export const common = {
  appName: 'Dealer Auctions',
  nav: { auctions: 'Running auctions', observed: 'Observed lots', purchases: 'Purchases', showcase: 'Showcase', myLot: 'My lot', sold: 'Sold', management: 'Auction management', createAuction: 'New auction', logout: 'Log out', skipToContent: 'Skip to content', mainMenu: 'Main menu' },
  language: { label: 'Language', country: 'Country', en: 'English', it: 'Italiano', de: 'Deutsch', fr: 'Français', es: 'Español', nl: 'Nederlands', pl: 'Polski', pt: 'Português', be: 'België (Nederlands)', lu: 'Luxembourg (Français)' },
  dialog: { confirm: 'Confirm', cancel: 'Cancel', close: 'Close', ok: 'OK', successTitle: 'Done', errorTitle: 'Error', warningTitle: 'Warning', confirmTitle: 'Please confirm', successText: 'The operation was completed.' },
  spinner: { loading: 'Loading…' },
  connection: { connecting: 'Connecting to live updates…', connected: 'Live', disconnected: 'Connection lost', retrying: 'Reconnecting in {{seconds}} s…' },
  live: { serverLost: 'Server not answering', lostServer: 'The server is not answering: prices may be out of date and offers are paused. The page reconnects by itself as soon as it answers.', offline: 'Offline', retryingIn: 'Reconnecting in {{seconds}} s', retryingNow: 'Reconnecting', lost: 'Connection lost: prices may be out of date. Offers are paused until it is back.', reconnect: 'Reconnect now', outbid: 'You have been outbid: the best offer is now {{amount}} (yours: {{yours}}).', outbidTitle: 'Outbid', outbidNotices: 'Outbid notices', outbidLot: 'Lot {{number}}: {{vehicle}}', openLotOf: 'Open the lot of {{vehicle}}', openLot: 'Open the lot', dismiss: 'Dismiss', tabTitle: '({{count}}) Outbid' },
  status: { SCH: 'Scheduled', RUN: 'Running', CLD: 'Closed', AWA: 'Awarded', TBA: 'To be awarded', NAW: 'Not awarded' },
  time: { days: '{{count}} d', ended: 'Ended', startsIn: 'Starts in', zone: 'Times in {{zone}}' },
  actions: { search: 'Search', reset: 'Reset', back: 'Back', save: 'Save' },
  empty: 'Nothing to show.',
};
