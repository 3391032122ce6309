import type { Translation } from '../../translation.js';
import type { auctioneer as en } from '../en/auctioneer.js';

/** Portuguese (Portugal): the auctioneer's screens. To award is «adjudicar», the reserve the «preço de reserva». */
export const auctioneer: Translation<typeof en> = {
  types: { LEA: 'Leasing', MUL: 'Multivendedor', OTH: 'Outro' },
  management: {
    title: 'Os meus leilões', create: 'Novo leilão', status: 'Estado', allStatuses: 'Todos os estados', search: 'Pesquisar nome, matrícula, marca ou modelo',
    searchPlaceholder: 'p. ex. Devoluções de frota, GA123BC', submit: 'Pesquisar', reset: 'Repor', empty: 'Nenhum leilão encontrado.', caption: 'Leilões que gere',
    name: 'Leilão', market: 'Mercado', type: 'Tipo', start: 'Início', end: 'Fim', lots: 'Lotes', actions: 'Ações', open: 'Abrir',
    delete: 'Eliminar', deleteLabel: 'Eliminar o leilão {{name}}', confirmDelete: 'Eliminar o leilão «{{name}}»? Esta ação não pode ser anulada.',
  },
  create: {
    title: 'Novo leilão', general: 'Leilão', name: 'Nome do leilão', market: 'Mercado', type: 'Tipo de leilão',
    regulationRequired: 'Os comerciantes têm de aceitar o regulamento antes de licitar', extension: 'Prolongamento',
    windowSeconds: 'Janela de prolongamento (segundos)', extendSeconds: 'Prolongar em (segundos)', extensionHint: 'Uma licitação nos últimos segundos da janela adia o fim do lote. 0 desativa o prolongamento.',
    start: 'Início', end: 'Fim', lots: 'Lotes', addLot: 'Adicionar lote', pickVehicles: 'Escolher veículos do stock', removeLot: 'Remover', removeLotLabel: 'Remover o lote {{number}}',
    submit: 'Criar leilão', cancel: 'Cancelar', invalid: 'Alguns campos não são válidos. Corrija os campos assinalados.', lotsCaption: 'Lotes do leilão',
  },
  lotField: {
    number: 'N.º', plate: 'Matrícula', frame: 'Quadro (VIN)', brand: 'Marca', model: 'Modelo', basePrice: 'Preço base (€)', minIncrement: 'Incremento mín. (€)',
    reservePrice: 'Reserva (€)', buyNowPrice: 'Compra imediata (€)', fieldLabel: '{{field}}, lote {{number}}',
  },
  edit: { title: 'Editar leilão', submit: 'Guardar as alterações', notScheduled: 'Só um leilão agendado pode ser editado: este está {{status}}.', open: 'Editar' },
  regulation: {
    title: 'Mensagem e regulamento para os concessionários',
    hint: 'Os concessionários leem a mensagem e o documento antes de aceitar o regulamento deste leilão.',
    closed: 'O leilão está fechado: a mensagem e o regulamento já não podem mudar.', message: 'Mensagem aos concessionários',
    remaining: 'Caracteres restantes: {{count}}', saveMessage: 'Guardar a mensagem',
    messageSaved: 'A mensagem aos concessionários está guardada.', document: 'Documento do regulamento (PDF)',
    noDocument: 'Sem documento de regulamento próprio.', upload: 'Carregar um documento de regulamento (PDF, até 10 MB)',
    replace: 'Substituir o documento (PDF, até 10 MB)', documentSaved: 'O documento do regulamento está guardado.',
    remove: 'Remover o documento', confirmRemove: 'Remover o documento de regulamento deste leilão?',
  },
  pickVehicles: {
    title: 'Veículos em stock', search: 'Pesquisar', failed: 'Não foi possível carregar os veículos. Tente novamente.',
    none: 'Nenhum veículo publicado em stock corresponde.', caption: 'Veículos que podem entrar no leilão', pick: 'Escolher', photo: 'Foto',
    vehicle: 'Veículo', mileage: 'Quilometragem', registered: 'Primeira matrícula', km: '{{km}} km',
    pickLabel: 'Escolher o veículo {{plate}}', alreadyLabel: 'O veículo {{plate}} já é um lote', previous: 'Anteriores', next: 'Seguintes',
    range: '{{from}}–{{to}} de {{total}}', add: 'Adicionar como lotes ({{count}})',
  },
  picker: { date: 'Data (DD/MM/AAAA)', datePlaceholder: 'DD/MM/AAAA', hour: 'Hora', minute: 'Minutos', time: 'Hora (24 h)' },
  fieldErrors: {
    required: 'Este campo é obrigatório.', tooLong: 'Este texto é demasiado longo.', invalid: 'Este valor não é válido.',
    amount: 'Introduza um valor positivo em euros com, no máximo, 2 casas decimais.', belowBase: 'Este preço não pode ser inferior ao preço base.',
    noLots: 'Adicione pelo menos um lote.', tooMany: 'Demasiados lotes.', date: 'Introduza uma data válida no formato DD/MM/AAAA.', seconds: 'Introduza um número inteiro de segundos entre 0 e 3600.',
    endBeforeStart: 'O fim não pode ser anterior ao início.', endNotFuture: 'O fim tem de ser no futuro.',
  },
  details: {
    starts: 'Começa a {{date}}', ends: 'Termina a {{date}}', endsIn: 'Tempo restante', extension: 'Prolongamento: janela de {{window}}, +{{extend}}',
    extensionOff: 'Sem prolongamento', regulationRequired: 'Regulamento obrigatório', back: 'Todos os meus leilões', extend: 'Prolongar', awardAll: 'Adjudicar todos',
    confirmAwardAll: 'Adjudicar todos os lotes por adjudicar cuja melhor licitação atinge o preço de reserva?', lotsCaption: 'Lotes e respetivo estado',
    countdownLabel: 'Tempo restante do leilão',
  },
  lot: {
    number: 'N.º', plate: 'Matrícula', brand: 'Marca', model: 'Modelo', base: 'Base', reserve: 'Reserva', best: 'Melhor licitação', offers: 'Licitações',
    status: 'Estado', endsIn: 'Termina em', actions: 'Ações', award: 'Adjudicar', notAward: 'Não adjudicar', revert: 'Reverter',
    awardLabel: 'Adjudicar o lote {{plate}}', notAwardLabel: 'Não adjudicar o lote {{plate}}', revertLabel: 'Reverter a adjudicação do lote {{plate}}',
    confirmNotAward: 'Marcar o lote {{plate}} como não adjudicado?', confirmRevert: 'Voltar a colocar o lote {{plate}} por adjudicar?',
    countdownLabel: 'Tempo restante do lote {{plate}}', buyNowNoRevert: 'Comprado com compra imediata: não pode ser revertido',
  },
  ownerState: { watching: 'Em direto', toAward: 'Por adjudicar', awarded: 'Adjudicado', notAwarded: 'Não adjudicado' },
  award: {
    title: 'Adjudicar o lote {{plate}}', choose: 'Escolha a licitação vencedora (a melhor primeiro)', timesIn: 'horas em {{zone}}', option: '{{amount}} de {{username}}, {{time}}',
    clickAndBuy: 'compra imediata', belowReserve: 'abaixo da reserva', none: 'Este lote não tem licitações para adjudicar.', submit: 'Adjudicar', cancel: 'Cancelar',
  },
  extend: {
    title: 'Prolongar o leilão', start: 'Início', startDate: 'Data de início', startTime: 'Hora de início', newEnd: 'Novo fim', submit: 'Prolongar', cancel: 'Cancelar',
    hint: 'Os segundos são postos a zero.',
  },
  report: {
    title: 'Relatório de licitações', refresh: 'Atualizar', idOffer: 'ID da licitação', lot: 'Lote', amount: 'Valor', dealer: 'Comerciante', time: 'Hora',
    clickAndBuy: 'Compra imediata', yes: 'Sim', no: 'Não', csv: 'Transferir CSV', xlsx: 'Transferir XLSX', empty: 'Ainda não há licitações.', caption: 'Todas as licitações aceites, por ordem de receção',
  },
  outcome: {
    awardAll: '{{awarded}} de {{total}} adjudicados', awardAllWhy: '{{awarded}} de {{total}} adjudicados: {{why}}', belowReserve: '{{plates}} abaixo da reserva',
    noOffers: '{{plates}} sem licitações', nothingToAward: 'Nenhum lote aguardava adjudicação.', awarded: 'Lote {{plate}} adjudicado a {{username}} por {{amount}}.',
    notAwarded: 'Lote {{plate}} marcado como não adjudicado.', reverted: 'Adjudicação do lote {{plate}} revertida: o lote volta a aguardar adjudicação.',
    extended: 'O leilão termina agora a {{date}}.', created: 'Leilão «{{name}}» criado.', edited: 'Leilão «{{name}}» guardado.', deleted: 'Leilão «{{name}}» eliminado.',
  },
  export: {
    sheet: 'Licitações', lotNumber: 'N.º do lote', plate: 'Matrícula', vehicle: 'Veículo', amount: 'Montante (EUR)', dealer: 'Comerciante', time: 'Hora ({{zone}})',
    clickAndBuy: 'Compra imediata', awardStatus: 'Estado da adjudicação', winner: 'Adjudicatário', yes: 'Sim', no: 'Não', TBA: 'Por adjudicar', AWA: 'Adjudicado', NAW: 'Não adjudicado', lost: 'Não adjudicada (superada)',
  },
  offers: { open: 'Ofertas', title: 'Ofertas: {{name}}', back: 'Voltar ao leilão', loading: 'A carregar…', noLot: 'Este lote não pertence a este leilão.', awarded: 'Adjudicada', best: 'Melhor oferta', mark: 'Nota', lotTitle: 'Ofertas no lote {{number}}: {{brand}} {{model}}', all: 'Todas as ofertas do leilão', buyer: 'Comprador', lotCaption: 'Ofertas em {{plate}}, por ordem de chegada' },
  buyer: { title: 'Comprador do lote {{number}}: {{brand}} {{model}}', back: 'Ofertas neste lote', notAwarded: 'Este lote não tem comprador: {{status}}.', unknown: 'A oferta vencedora não foi encontrada.', username: 'Concessionário', price: 'Preço', offeredAt: 'Oferta feita em' },
};
