import type { Translation } from '../../translation.js';
import type { common as en } from '../en/common.js';

/** Portuguese (Portugal): shared words. A bid is a «licitação». */
export const common: Translation<typeof en> = {
  appName: 'Dealer Auctions',
  nav: { auctions: 'Leilões em curso', observed: 'Lotes seguidos', purchases: 'Compras', showcase: 'Montra', myLot: 'O meu lote', sold: 'Vendidos', management: 'Gestão de leilões', createAuction: 'Novo leilão', logout: 'Terminar sessão', skipToContent: 'Saltar para o conteúdo', mainMenu: 'Menu principal' },
  language: { label: 'Idioma', country: 'País', en: 'English', it: 'Italiano', de: 'Deutsch', fr: 'Français', es: 'Español', nl: 'Nederlands', pl: 'Polski', pt: 'Português', be: 'België (Nederlands)', lu: 'Luxembourg (Français)' },
  dialog: { confirm: 'Confirmar', cancel: 'Cancelar', close: 'Fechar', ok: 'OK', successTitle: 'Concluído', errorTitle: 'Erro', warningTitle: 'Aviso', confirmTitle: 'Confirme, por favor', successText: 'A operação foi concluída.' },
  spinner: { loading: 'A carregar…' },
  connection: { connecting: 'A ligar às atualizações em direto…', connected: 'Em direto', disconnected: 'Ligação perdida', retrying: 'Nova tentativa dentro de {{seconds}} s…' },
  live: { serverLost: 'O servidor não responde', lostServer: 'O servidor não responde: os preços podem estar desatualizados e as ofertas estão em pausa. A página volta a ligar-se sozinha assim que ele responder.', offline: 'Sem ligação', retryingIn: 'Nova tentativa em {{seconds}} s', retryingNow: 'A restabelecer ligação', lost: 'Ligação perdida: os preços podem estar desatualizados. As ofertas estão em pausa até voltar.', reconnect: 'Ligar agora', outbid: 'A sua oferta foi ultrapassada: a melhor oferta é agora {{amount}} (a sua: {{yours}}).', outbidTitle: 'Ultrapassada', outbidNotices: 'Avisos de oferta ultrapassada', outbidLot: 'Lote {{number}}: {{vehicle}}', openLotOf: 'Abrir o lote de {{vehicle}}', openLot: 'Abrir o lote', dismiss: 'Ocultar', tabTitle: '({{count}}) Ultrapassada' },
  status: { SCH: 'Agendado', RUN: 'Em curso', CLD: 'Encerrado', AWA: 'Adjudicado', TBA: 'Por adjudicar', NAW: 'Não adjudicado' },
  time: { days: '{{count}} d', ended: 'Terminado', startsIn: 'Começa em', zone: 'Horas em {{zone}}' },
  actions: { search: 'Pesquisar', reset: 'Repor', back: 'Voltar', save: 'Guardar' },
  empty: 'Nada a mostrar.',
};
