import type { Translation } from '../../translation.js';
import type { purchases as en } from '../en/purchases.js';

/** Spanish: the purchase summary. */
export const purchases: Translation<typeof en> = {
  title: 'Compras',
  filters: {
    legend: 'Buscar compras',
    auctionName: 'Nombre de la subasta',
    channel: 'Canal',
    anyChannel: 'Todos',
    frame: 'Número de bastidor',
    fromDate: 'Desde (DD/MM/AAAA)',
    toDate: 'Hasta (DD/MM/AAAA)',
    idUserDealer: 'ID de usuario del concesionario',
    idVehicle: 'ID del vehículo',
    licensePlate: 'Matrícula',
    invalidDate: 'Introduzca una fecha con el formato DD/MM/AAAA.',
    rangeInvalid: 'La fecha final no puede ser anterior a la fecha inicial.',
  },
  channel: { AUCTION: 'Subasta', SHOWCASE: 'Escaparate' },
  columns: { date: 'Fecha', channel: 'Canal', auctionName: 'Subasta', licensePlate: 'Matrícula', brand: 'Marca', model: 'Modelo', frame: 'Bastidor', price: 'Precio', payment: 'Pago', rating: 'Valoración' },
  empty: 'Ninguna compra coincide con su búsqueda.',
  count_one: '{{count}} compra',
  count_other: '{{count}} compras',
  payment: {
    status: { UNPAID: 'No pagado', PENDING: 'Pago pendiente', FAILED: 'Pago fallido', PAID: 'Pagado' },
    pay: 'Pagar',
    payAgain: 'Pagar de nuevo',
    payOf: 'Pagar {{subject}}',
    opening: 'Abriendo la página de pago…',
  },
  paymentResult: {
    successTitle: 'Pago completado',
    errorTitle: 'Pago no completado',
    outcome: 'Resultado',
    message: 'Mensaje',
    none: 'No se dieron detalles.',
    back: 'Volver a las compras',
    errorHint: 'Puede intentarlo de nuevo desde sus compras.',
  },
};
