import type { Translation } from '../../translation.js';
import type { purchases as en } from '../en/purchases.js';

/** Portuguese (Portugal): the purchase summary. */
export const purchases: Translation<typeof en> = {
  title: 'Compras',
  filters: {
    legend: 'Pesquisar compras',
    auctionName: 'Nome do leilão',
    channel: 'Canal',
    anyChannel: 'Todos',
    frame: 'Número de quadro',
    fromDate: 'De (DD/MM/AAAA)',
    toDate: 'Até (DD/MM/AAAA)',
    idUserDealer: 'ID de utilizador do comerciante',
    idVehicle: 'ID do veículo',
    licensePlate: 'Matrícula',
    invalidDate: 'Introduza uma data no formato DD/MM/AAAA.',
    rangeInvalid: 'A data de fim não pode ser anterior à data de início.',
  },
  channel: { AUCTION: 'Leilão', SHOWCASE: 'Montra' },
  columns: { date: 'Data', channel: 'Canal', auctionName: 'Leilão', licensePlate: 'Matrícula', brand: 'Marca', model: 'Modelo', frame: 'Quadro', price: 'Preço', payment: 'Pagamento', rating: 'Avaliação' },
  empty: 'Nenhuma compra corresponde à sua pesquisa.',
  count_one: '{{count}} compra',
  count_other: '{{count}} compras',
  payment: {
    status: { UNPAID: 'Não pago', PENDING: 'Pagamento pendente', FAILED: 'Pagamento falhado', PAID: 'Pago' },
    pay: 'Pagar',
    payAgain: 'Pagar novamente',
    payOf: 'Pagar {{subject}}',
    opening: 'A abrir a página de pagamento…',
  },
  paymentResult: {
    successTitle: 'Pagamento concluído',
    errorTitle: 'Pagamento não concluído',
    outcome: 'Resultado',
    message: 'Mensagem',
    none: 'Não foram dados detalhes.',
    back: 'Voltar às compras',
    errorHint: 'Pode tentar novamente nas suas compras.',
  },
};
