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
  columns: { date: 'Data', channel: 'Canal', auctionName: 'Leilão', licensePlate: 'Matrícula', brand: 'Marca', model: 'Modelo', frame: 'Quadro', price: 'Preço', rating: 'Avaliação' },
  empty: 'Nenhuma compra corresponde à sua pesquisa.',
  count_one: '{{count}} compra',
  count_other: '{{count}} compras',
};
