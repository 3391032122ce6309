import type { Translation } from '../../translation.js';
import type { auction as en } from '../en/auction.js';

/** Spanish: the dealer's auction screens. A bid is an «oferta», the award an «adjudicación», buy now «Compra inmediata». */
export const auction: Translation<typeof en> = {
  title: 'Subastas en curso',
  search: { label: 'Buscar matrícula, marca, modelo o subasta', placeholder: 'p. ej. GA123BC, Fiat 500', submit: 'Buscar', clear: 'Borrar' },
  list: { name: 'Subasta', market: 'Mercado', lots: 'Lotes', ends: 'Fin', endsIn: 'Tiempo restante', status: 'Estado', open: 'Abrir', empty: 'No hay ninguna subasta en curso en este momento.' },
  page: { starts: 'Empieza el {{date}}', ends: 'Termina el {{date}}', lotsCount: 'Lotes: {{count}}', regulationRequired: 'Reglamento obligatorio', back: 'Todas las subastas en curso', notFound: 'Esta subasta no existe.' },
  lot: {
    number: 'N.º', plate: 'Matrícula', vehicle: 'Vehículo', base: 'Precio de salida', best: 'Mejor oferta', offers: 'Ofertas', mine: 'Mi oferta', state: 'Mi estado',
    endsIn: 'Termina en', status: 'Estado', actions: 'Oferta', detail: 'Detalles', buyNow: 'Compra inmediata', buyNowFor: 'Comprar ya por {{amount}}',
    observe: 'Seguir', unobserve: 'Dejar de seguir', observed: 'Seguido', minIncrement: 'Incremento mín.', nextValid: 'Siguiente oferta válida',
    countdownLabel: 'Tiempo restante del lote {{plate}}', detailTitle: 'Lote {{number}}: {{brand}} {{model}}',
  },
  my: { noOffer: 'Sin oferta', placing: 'Enviando…', leading: 'En cabeza', outbid: 'Superada', won: 'Ganado', lost: 'Perdido' },
  offer: {
    paused: 'Ofertas en pausa mientras no hay conexión: no se envía nada. Vuelva a ofertar cuando vuelva.',
    amount: 'Su oferta por {{plate}}', submit: 'Pujar', invalid: 'Introduzca un importe en euros con 2 decimales como máximo.',
    belowMinimum: 'El mínimo es {{amount}}.', retrying: 'Problema de conexión, reintentando…', accepted: 'Oferta aceptada: {{amount}}',
    confirmBuyNow: '¿Comprar ya {{brand}} {{model}} ({{plate}}) por {{amount}}? La compra es vinculante.',
  },
  regulation: {
    title: 'Reglamento de la subasta',
    text: 'Las ofertas de esta subasta son vinculantes. Al cierre de cada lote, este se adjudica a la oferta más alta, siempre que alcance el precio de reserva. Una oferta en los últimos segundos prolonga el lote. ¿Acepta el reglamento de esta subasta?',
    accept: 'Aceptar',
    document: 'Leer el reglamento de esta subasta (PDF)',
  },
  bid: { plus: '+{{amount}}', plusLabel: 'Añadir {{steps}} incrementos a la oferta ({{amount}})', send: 'Enviar oferta', confirmFarAbove: 'Está ofreciendo {{amount}}, muy por encima de la siguiente oferta válida ({{minimum}}). Las ofertas son vinculantes. ¿Enviarla?', confirmRaiseOwn: 'Ya va en cabeza en este lote con {{current}}. ¿Subir su propia oferta a {{amount}}?', confirmBuyNowInstead: '{{amount}} alcanza el precio de compra inmediata. ¿Comprar {{brand}} {{model}} ({{plate}}) ahora por {{buyNow}} en su lugar? La compra es vinculante.', accepted: 'Su oferta de {{amount}} fue aceptada.', late: 'Su oferta de {{amount}} llegó después del cierre y no se aceptó.', refused: 'Su oferta de {{amount}} no se aceptó: {{reason}}', extended: 'Prorrogado {{duration}}: ahora termina a las {{time}}', extendedShort: '+{{duration}}', stale: 'Conexión perdida: estas cifras pueden no estar actualizadas.' },
  dealer: { history: 'Ofertas', historyEmpty: 'Todavía no hay ofertas.', you: 'Usted', bidder: 'Postor {{number}}', amount: 'Importe', time: 'Hora', who: 'Postor', viaBuyNow: 'compra inmediata', reserveMet: 'Precio de reserva alcanzado', reserveNotMet: 'Precio de reserva no alcanzado', noReserve: 'Sin precio de reserva', awaitingSeller: 'Pendiente de la decisión del vendedor', myBidsTitle: 'Mis ofertas y adjudicaciones', myBidsEmpty: 'Aún no ha pujado por ningún lote.', outcome: 'Resultado', scheduledTitle: 'Subastas programadas', scheduledEmpty: 'No hay subastas programadas.', starts: 'Inicio', startsIn: 'Empieza en', navMyBids: 'Mis ofertas' },
  observedPage: { title: 'Lotes seguidos', empty: 'No sigue ningún lote.', auction: 'Subasta' },
  gallery: { title: 'Fotos', none: 'No hay fotos de este vehículo.', alt: '{{subject}}, foto {{number}} de {{total}}', previous: 'Foto anterior', next: 'Foto siguiente', position: 'Foto {{number}} de {{total}}', original: 'Abrir la foto original', keys: 'Las flechas, Inicio y Fin recorren las fotos; en pantalla táctil, deslice.', thumbnails: 'Todas las fotos', show: 'Mostrar la foto {{number}} de {{total}}' },
  vehicle: { km: '{{km}} km', kw: '{{kw}} kW', sheet: 'Ficha técnica', documents: 'Documentos', document: 'Documento {{number}} (se abre en una pestaña nueva)', version: 'Versión', firstRegistration: 'Primera matriculación', mileageKm: 'Kilometraje', fuel: 'Combustible', gearbox: 'Cambio', powerKw: 'Potencia', colour: 'Color', damageTotal: 'Total de daños', area: 'Zona', region: 'Región', fuels: { PETROL: 'Gasolina', DIESEL: 'Diésel', LPG: 'GLP', CNG: 'GNC', HYBRID: 'Híbrido', PLUG_IN_HYBRID: 'Híbrido enchufable', ELECTRIC: 'Eléctrico', HYDROGEN: 'Hidrógeno', OTHER: 'Otro' }, gearboxes: { MANUAL: 'Manual', AUTOMATIC: 'Automático', SEMI_AUTOMATIC: 'Semiautomático' } },
};
