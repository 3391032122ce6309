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
    amount: 'Su oferta por {{plate}}', submit: 'Pujar', invalid: 'Introduzca un importe en euros con 2 decimales como máximo.',
    belowMinimum: 'El mínimo es {{amount}}.', retrying: 'Problema de conexión, reintentando…', accepted: 'Oferta aceptada: {{amount}}',
    confirmBuyNow: '¿Comprar ya {{brand}} {{model}} ({{plate}}) por {{amount}}? La compra es vinculante.',
  },
  regulation: {
    title: 'Reglamento de la subasta',
    text: 'Las ofertas de esta subasta son vinculantes. Al cierre de cada lote, este se adjudica a la oferta más alta, siempre que alcance el precio de reserva. Una oferta en los últimos segundos prolonga el lote. ¿Acepta el reglamento de esta subasta?',
    accept: 'Aceptar',
  },
  observedPage: { title: 'Lotes seguidos', empty: 'No sigue ningún lote.', auction: 'Subasta' },
};
