import type { Translation } from '../../translation.js';
import type { auction as en } from '../en/auction.js';

/** Portuguese (Portugal): the dealer's auction screens. A bid is a «licitação», the award an «adjudicação», buy now «Compra imediata». */
export const auction: Translation<typeof en> = {
  title: 'Leilões em curso',
  search: { label: 'Pesquisar matrícula, marca, modelo ou leilão', placeholder: 'p. ex. GA123BC, Fiat 500', submit: 'Pesquisar', clear: 'Limpar' },
  list: { name: 'Leilão', market: 'Mercado', lots: 'Lotes', ends: 'Fim', endsIn: 'Tempo restante', status: 'Estado', open: 'Abrir', empty: 'De momento não há nenhum leilão em curso.' },
  page: { starts: 'Começa a {{date}}', ends: 'Termina a {{date}}', lotsCount: 'Lotes: {{count}}', regulationRequired: 'Regulamento obrigatório', back: 'Todos os leilões em curso', notFound: 'Este leilão não existe.' },
  lot: {
    number: 'N.º', plate: 'Matrícula', vehicle: 'Veículo', base: 'Preço base', best: 'Melhor licitação', offers: 'Licitações', mine: 'A minha licitação', state: 'A minha posição',
    endsIn: 'Termina em', status: 'Estado', actions: 'Licitar', detail: 'Detalhes', buyNow: 'Compra imediata', buyNowFor: 'Comprar já por {{amount}}',
    observe: 'Seguir', unobserve: 'Deixar de seguir', observed: 'Seguido', minIncrement: 'Incremento mín.', nextValid: 'Próxima licitação válida',
    countdownLabel: 'Tempo restante do lote {{plate}}', detailTitle: 'Lote {{number}}: {{brand}} {{model}}',
  },
  my: { noOffer: 'Sem licitação', placing: 'A enviar…', leading: 'A ganhar', outbid: 'Ultrapassada', won: 'Ganho', lost: 'Perdido' },
  offer: {
    paused: 'Ofertas em pausa enquanto não há ligação: nada é enviado. Volte a licitar quando ela voltar.',
    amount: 'A sua licitação para {{plate}}', submit: 'Licitar', invalid: 'Introduza um valor em euros com, no máximo, 2 casas decimais.',
    belowMinimum: 'O mínimo é {{amount}}.', retrying: 'Problema de ligação, a tentar novamente…', accepted: 'Licitação aceite: {{amount}}',
    confirmBuyNow: 'Comprar já {{brand}} {{model}} ({{plate}}) por {{amount}}? A compra é vinculativa.',
  },
  regulation: {
    title: 'Regulamento do leilão',
    text: 'As licitações neste leilão são vinculativas. No fecho de um lote, ganha a licitação mais alta, desde que atinja o preço de reserva. Uma licitação nos últimos segundos prolonga o lote. Aceita o regulamento deste leilão?',
    accept: 'Aceitar',
    document: 'Ler o regulamento deste leilão (PDF)',
  },
  bid: { plus: '+{{amount}}', plusLabel: 'Adicionar {{steps}} incrementos à oferta ({{amount}})', send: 'Enviar oferta', confirmFarAbove: 'Está a oferecer {{amount}}, muito acima da próxima oferta válida ({{minimum}}). As ofertas são vinculativas. Enviar?', confirmRaiseOwn: 'Já lidera este lote com {{current}}. Aumentar a sua própria oferta para {{amount}}?', confirmBuyNowInstead: '{{amount}} atinge o preço de compra imediata. Comprar {{brand}} {{model}} ({{plate}}) agora por {{buyNow}} em vez disso? A compra é vinculativa.', accepted: 'A sua oferta de {{amount}} foi aceite.', late: 'A sua oferta de {{amount}} chegou depois do fecho e não foi aceite.', refused: 'A sua oferta de {{amount}} não foi aceite: {{reason}}', extended: 'Prolongado {{duration}}: termina agora às {{time}}', extendedShort: '+{{duration}}', stale: 'Ligação perdida: estes valores podem estar desatualizados.' },
  dealer: { history: 'Ofertas', historyEmpty: 'Ainda não há ofertas.', you: 'Você', bidder: 'Licitante {{number}}', amount: 'Montante', time: 'Hora', who: 'Licitante', viaBuyNow: 'compra imediata', reserveMet: 'Preço de reserva atingido', reserveNotMet: 'Preço de reserva não atingido', noReserve: 'Sem preço de reserva', awaitingSeller: 'A aguardar a decisão do vendedor', myBidsTitle: 'As minhas ofertas e adjudicações', myBidsEmpty: 'Ainda não licitou em nenhum lote.', outcome: 'Resultado', scheduledTitle: 'Leilões agendados', scheduledEmpty: 'Nenhum leilão agendado.', starts: 'Início', startsIn: 'Começa em', navMyBids: 'As minhas ofertas' },
  observedPage: { title: 'Lotes seguidos', empty: 'Não está a seguir nenhum lote.', auction: 'Leilão' },
  gallery: { title: 'Fotos', none: 'Não há fotos deste veículo.', alt: '{{subject}}, foto {{number}} de {{total}}', previous: 'Foto anterior', next: 'Foto seguinte', position: 'Foto {{number}} de {{total}}', original: 'Abrir a foto original', keys: 'As setas, Home e End percorrem as fotos; num ecrã tátil, deslize.', thumbnails: 'Todas as fotos', show: 'Mostrar a foto {{number}} de {{total}}' },
  vehicle: { km: '{{km}} km', kw: '{{kw}} kW', sheet: 'Ficha técnica', documents: 'Documentos', document: 'Documento {{number}} (abre num novo separador)', version: 'Versão', firstRegistration: 'Primeira matrícula', mileageKm: 'Quilometragem', fuel: 'Combustível', gearbox: 'Caixa de velocidades', powerKw: 'Potência', colour: 'Cor', damageTotal: 'Total de danos', area: 'Zona', region: 'Região', fuels: { PETROL: 'Gasolina', DIESEL: 'Gasóleo', LPG: 'GPL', CNG: 'GNC', HYBRID: 'Híbrido', PLUG_IN_HYBRID: 'Híbrido plug-in', ELECTRIC: 'Elétrico', HYDROGEN: 'Hidrogénio', OTHER: 'Outro' }, gearboxes: { MANUAL: 'Manual', AUTOMATIC: 'Automática', SEMI_AUTOMATIC: 'Semiautomática' } },
};
