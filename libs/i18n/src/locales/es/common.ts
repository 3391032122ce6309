import type { Translation } from '../../translation.js';
import type { common as en } from '../en/common.js';

/** Spanish: shared words. */
export const common: Translation<typeof en> = {
  appName: 'Dealer Auctions',
  nav: { auctions: 'Subastas en curso', observed: 'Lotes seguidos', purchases: 'Compras', showcase: 'Escaparate', myLot: 'Mi lote', sold: 'Vendidos', management: 'Gestión de subastas', createAuction: 'Nueva subasta', logout: 'Cerrar sesión', skipToContent: 'Saltar al contenido', mainMenu: 'Menú principal' },
  language: { label: 'Idioma', country: 'País', en: 'English', it: 'Italiano', de: 'Deutsch', fr: 'Français', es: 'Español', nl: 'Nederlands', pl: 'Polski', pt: 'Português', be: 'België (Nederlands)', lu: 'Luxembourg (Français)' },
  dialog: { confirm: 'Confirmar', cancel: 'Cancelar', close: 'Cerrar', ok: 'Aceptar', successTitle: 'Listo', errorTitle: 'Error', warningTitle: 'Aviso', confirmTitle: 'Confirme la operación', successText: 'La operación se ha completado.' },
  spinner: { loading: 'Cargando…' },
  connection: { connecting: 'Conectando con las actualizaciones en directo…', connected: 'En directo', disconnected: 'Conexión perdida', retrying: 'Reintentando en {{seconds}} s…' },
  live: { serverLost: 'El servidor no responde', lostServer: 'El servidor no responde: los precios pueden no estar actualizados y las ofertas están en pausa. La página se reconecta sola en cuanto responda.', offline: 'Sin conexión', retryingIn: 'Reintentando en {{seconds}} s', retryingNow: 'Reconectando', lost: 'Conexión perdida: los precios pueden no estar actualizados. Las ofertas se pausan hasta que vuelva.', reconnect: 'Reconectar ahora', outbid: 'Su oferta ha sido superada: la mejor oferta es ahora {{amount}} (la suya: {{yours}}).', outbidTitle: 'Oferta superada', outbidNotices: 'Avisos de oferta superada', outbidLot: 'Lote {{number}}: {{vehicle}}', openLotOf: 'Abrir el lote de {{vehicle}}', openLot: 'Abrir el lote', dismiss: 'Ocultar', tabTitle: '({{count}}) Superada' },
  status: { SCH: 'Programada', RUN: 'En curso', CLD: 'Cerrada', AWA: 'Adjudicada', TBA: 'Por adjudicar', NAW: 'No adjudicada' },
  time: { days: '{{count}} d', ended: 'Finalizada', startsIn: 'Empieza en', zone: 'Horas en {{zone}}' },
  actions: { search: 'Buscar', reset: 'Restablecer', back: 'Volver', save: 'Guardar' },
  empty: 'No hay nada que mostrar.',
};
