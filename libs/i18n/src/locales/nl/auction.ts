import type { Translation } from '../../translation.js';
import type { auction as en } from '../en/auction.js';

/** Dutch (also served to Belgium): the dealer's auction screens. A bid is a ‘bod’, a lot a ‘kavel’, the award the ‘gunning’, buy now ‘Direct kopen’. */
export const auction: Translation<typeof en> = {
  title: 'Lopende veilingen',
  search: { label: 'Zoek op kenteken, merk, model of veiling', placeholder: 'bv. GA123BC, Fiat 500', submit: 'Zoeken', clear: 'Wissen' },
  list: { name: 'Veiling', market: 'Markt', lots: 'Kavels', ends: 'Einde', endsIn: 'Resterende tijd', status: 'Status', open: 'Openen', empty: 'Er loopt momenteel geen veiling.' },
  page: { starts: 'Begint {{date}}', ends: 'Eindigt {{date}}', lotsCount: 'Kavels: {{count}}', regulationRequired: 'Voorwaarden verplicht', back: 'Alle lopende veilingen', notFound: 'Deze veiling bestaat niet.' },
  lot: {
    number: 'Nr.', plate: 'Kenteken', vehicle: 'Voertuig', base: 'Startprijs', best: 'Hoogste bod', offers: 'Biedingen', mine: 'Mijn bod', state: 'Mijn positie',
    endsIn: 'Eindigt over', status: 'Status', actions: 'Bod', detail: 'Details', buyNow: 'Direct kopen', buyNowFor: 'Direct kopen voor {{amount}}',
    observe: 'Volgen', unobserve: 'Niet meer volgen', observed: 'Gevolgd', minIncrement: 'Min. verhoging', nextValid: 'Volgend geldig bod',
    countdownLabel: 'Resterende tijd voor kavel {{plate}}', detailTitle: 'Kavel {{number}}: {{brand}} {{model}}',
  },
  my: { noOffer: 'Geen bod', placing: 'Verzenden…', leading: 'Hoogste bieder', outbid: 'Overboden', won: 'Gewonnen', lost: 'Verloren' },
  offer: {
    paused: 'Bieden gepauzeerd zolang de verbinding weg is: er wordt niets verstuurd. Bied opnieuw zodra ze terug is.',
    amount: 'Uw bod op {{plate}}', submit: 'Bieden', invalid: 'Voer een bedrag in euro in met maximaal 2 decimalen.',
    belowMinimum: 'Het minimum is {{amount}}.', retrying: 'Verbindingsprobleem, opnieuw proberen…', accepted: 'Bod aanvaard: {{amount}}',
    confirmBuyNow: '{{brand}} {{model}} ({{plate}}) nu direct kopen voor {{amount}}? Deze aankoop is bindend.',
  },
  regulation: {
    title: 'Veilingvoorwaarden',
    text: 'Biedingen in deze veiling zijn bindend. Het hoogste bod bij het sluiten van een kavel wint, mits de minimumprijs wordt gehaald. Een bod in de laatste seconden verlengt de kavel. Aanvaardt u de voorwaarden van deze veiling?',
    accept: 'Aanvaarden',
    document: 'Het reglement van deze veiling lezen (PDF)',
  },
  bid: { plus: '+{{amount}}', plusLabel: '{{steps}} verhogingen aan het bod toevoegen ({{amount}})', send: 'Bod versturen', confirmFarAbove: 'U biedt {{amount}}, ver boven het volgende geldige bod ({{minimum}}). Biedingen zijn bindend. Versturen?', confirmRaiseOwn: 'U hebt al het hoogste bod op dit kavel met {{current}}. Uw eigen bod verhogen naar {{amount}}?', confirmBuyNowInstead: '{{amount}} bereikt de direct-kopen-prijs. {{brand}} {{model}} ({{plate}}) in plaats daarvan nu kopen voor {{buyNow}}? De aankoop is bindend.', accepted: 'Uw bod van {{amount}} is aanvaard.', late: 'Uw bod van {{amount}} kwam na de sluiting binnen en is niet aanvaard.', refused: 'Uw bod van {{amount}} is niet aanvaard: {{reason}}', extended: 'Verlengd met {{duration}}: eindigt nu om {{time}}', extendedShort: '+{{duration}}', stale: 'Verbinding verbroken: deze cijfers zijn mogelijk niet actueel.' },
  dealer: { history: 'Biedingen', historyEmpty: 'Nog geen biedingen.', you: 'U', bidder: 'Bieder {{number}}', amount: 'Bedrag', time: 'Tijd', who: 'Bieder', viaBuyNow: 'direct kopen', reserveMet: 'Minimumprijs bereikt', reserveNotMet: 'Minimumprijs niet bereikt', noReserve: 'Geen minimumprijs', awaitingSeller: 'Wacht op de beslissing van de verkoper', myBidsTitle: 'Mijn biedingen en gunningen', myBidsEmpty: 'U hebt nog op geen enkel kavel geboden.', outcome: 'Resultaat', scheduledTitle: 'Geplande veilingen', scheduledEmpty: 'Er is geen veiling gepland.', starts: 'Start', startsIn: 'Start over', navMyBids: 'Mijn biedingen' },
  observedPage: { title: 'Gevolgde kavels', empty: 'U volgt geen enkele kavel.', auction: 'Veiling' },
  gallery: { title: 'Foto’s', none: 'Geen foto’s van dit voertuig.', alt: '{{subject}}, foto {{number}} van {{total}}', previous: 'Vorige foto', next: 'Volgende foto', position: 'Foto {{number}} van {{total}}', original: 'Originele foto openen', keys: 'Pijltjestoetsen, Home en End bladeren door de foto’s; veeg op een aanraakscherm.', thumbnails: 'Alle foto’s', show: 'Foto {{number}} van {{total}} tonen' },
  vehicle: { km: '{{km}} km', kw: '{{kw}} kW', sheet: 'Gegevensblad', documents: 'Documenten', document: 'Document {{number}} (opent in een nieuw tabblad)', version: 'Uitvoering', firstRegistration: 'Eerste inschrijving', mileageKm: 'Kilometerstand', fuel: 'Brandstof', gearbox: 'Versnellingsbak', powerKw: 'Vermogen', colour: 'Kleur', damageTotal: 'Totale schade', area: 'Gebied', region: 'Regio', fuels: { PETROL: 'Benzine', DIESEL: 'Diesel', LPG: 'LPG', CNG: 'CNG', HYBRID: 'Hybride', PLUG_IN_HYBRID: 'Plug-in hybride', ELECTRIC: 'Elektrisch', HYDROGEN: 'Waterstof', OTHER: 'Overig' }, gearboxes: { MANUAL: 'Handgeschakeld', AUTOMATIC: 'Automaat', SEMI_AUTOMATIC: 'Semi-automaat' } },
};
