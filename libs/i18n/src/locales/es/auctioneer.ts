import type { Translation } from '../../translation.js';
import type { auctioneer as en } from '../en/auctioneer.js';

/** Spanish: the auctioneer's screens. To award is «adjudicar», the reserve the «precio de reserva». */
export const auctioneer: Translation<typeof en> = {
  types: { LEA: 'Leasing', MUL: 'Multivendedor', OTH: 'Otro' },
  management: {
    title: 'Mis subastas', create: 'Nueva subasta', status: 'Estado', allStatuses: 'Todos los estados', search: 'Buscar nombre, matrícula, marca o modelo',
    searchPlaceholder: 'p. ej. Devoluciones de flota, GA123BC', submit: 'Buscar', reset: 'Restablecer', empty: 'No se ha encontrado ninguna subasta.', caption: 'Subastas que gestiona',
    name: 'Subasta', market: 'Mercado', type: 'Tipo', start: 'Inicio', end: 'Fin', lots: 'Lotes', actions: 'Acciones', open: 'Abrir',
    delete: 'Eliminar', deleteLabel: 'Eliminar la subasta {{name}}', confirmDelete: '¿Eliminar la subasta «{{name}}»? Esta acción no se puede deshacer.',
  },
  create: {
    title: 'Nueva subasta', general: 'Subasta', name: 'Nombre de la subasta', market: 'Mercado', type: 'Tipo de subasta',
    regulationRequired: 'Los profesionales deben aceptar el reglamento antes de ofertar', extension: 'Prórroga',
    windowSeconds: 'Ventana de prórroga (segundos)', extendSeconds: 'Segundos de prórroga', extensionHint: 'Una oferta en los últimos segundos de la ventana retrasa el cierre del lote. 0 desactiva la prórroga.',
    start: 'Inicio', end: 'Fin', lots: 'Lotes', addLot: 'Añadir lote', pickVehicles: 'Elegir vehículos del stock', removeLot: 'Quitar', removeLotLabel: 'Quitar el lote {{number}}',
    submit: 'Crear subasta', cancel: 'Cancelar', invalid: 'Algunos campos no son válidos. Corrija los campos resaltados.', lotsCaption: 'Lotes de la subasta',
  },
  lotField: {
    number: 'N.º', plate: 'Matrícula', frame: 'Bastidor (VIN)', brand: 'Marca', model: 'Modelo', basePrice: 'Precio de salida (€)', minIncrement: 'Incremento mín. (€)',
    reservePrice: 'Reserva (€)', buyNowPrice: 'Compra inmediata (€)', fieldLabel: '{{field}}, lote {{number}}',
  },
  edit: { title: 'Editar subasta', submit: 'Guardar los cambios', notScheduled: 'Solo se puede editar una subasta programada: esta está {{status}}.', open: 'Editar' },
  regulation: {
    title: 'Mensaje y reglamento para los concesionarios',
    hint: 'Los concesionarios leen el mensaje y el documento antes de aceptar el reglamento de esta subasta.',
    closed: 'La subasta está cerrada: su mensaje y su reglamento ya no pueden cambiar.', message: 'Mensaje a los concesionarios',
    remaining: 'Caracteres restantes: {{count}}', saveMessage: 'Guardar el mensaje',
    messageSaved: 'El mensaje a los concesionarios está guardado.', document: 'Documento del reglamento (PDF)',
    noDocument: 'Sin documento de reglamento propio.', upload: 'Subir un documento de reglamento (PDF, hasta 10 MB)',
    replace: 'Sustituir el documento (PDF, hasta 10 MB)', documentSaved: 'El documento del reglamento está guardado.',
    remove: 'Quitar el documento', confirmRemove: '¿Quitar el documento de reglamento de esta subasta?',
  },
  pickVehicles: {
    title: 'Vehículos en stock', search: 'Buscar', failed: 'No se pudieron cargar los vehículos. Inténtelo de nuevo.',
    none: 'Ningún vehículo publicado en stock coincide.', caption: 'Vehículos que pueden entrar en la subasta', pick: 'Elegir',
    photo: 'Foto', vehicle: 'Vehículo', mileage: 'Kilometraje', registered: 'Primera matriculación', km: '{{km}} km',
    pickLabel: 'Elegir el vehículo {{plate}}', alreadyLabel: 'El vehículo {{plate}} ya es un lote', previous: 'Anteriores',
    next: 'Siguientes', range: '{{from}}–{{to}} de {{total}}', add: 'Añadir como lotes ({{count}})',
  },
  picker: { date: 'Fecha (DD/MM/AAAA)', datePlaceholder: 'DD/MM/AAAA', hour: 'Hora', minute: 'Minutos', time: 'Hora (24 h)' },
  fieldErrors: {
    required: 'Este campo es obligatorio.', tooLong: 'Este texto es demasiado largo.', invalid: 'Este valor no es válido.',
    amount: 'Introduzca un importe positivo en euros con 2 decimales como máximo.', belowBase: 'Este precio no puede ser inferior al precio de salida.',
    noLots: 'Añada al menos un lote.', tooMany: 'Demasiados lotes.', date: 'Introduzca una fecha válida con el formato DD/MM/AAAA.', seconds: 'Introduzca un número entero de segundos entre 0 y 3600.',
    endBeforeStart: 'El fin no puede ser anterior al inicio.', endNotFuture: 'El fin debe ser una fecha futura.',
  },
  details: {
    starts: 'Empieza el {{date}}', ends: 'Termina el {{date}}', endsIn: 'Tiempo restante', extension: 'Prórroga: ventana de {{window}}, +{{extend}}',
    extensionOff: 'Sin prórroga', regulationRequired: 'Reglamento obligatorio', back: 'Todas mis subastas', extend: 'Prorrogar', awardAll: 'Adjudicar todo',
    confirmAwardAll: '¿Adjudicar todos los lotes por adjudicar cuya mejor oferta alcanza el precio de reserva?', lotsCaption: 'Lotes y su estado',
    countdownLabel: 'Tiempo restante de la subasta',
  },
  lot: {
    number: 'N.º', plate: 'Matrícula', brand: 'Marca', model: 'Modelo', base: 'Salida', reserve: 'Reserva', best: 'Mejor oferta', offers: 'Ofertas',
    status: 'Estado', endsIn: 'Termina en', actions: 'Acciones', award: 'Adjudicar', notAward: 'No adjudicar', revert: 'Revertir',
    awardLabel: 'Adjudicar el lote {{plate}}', notAwardLabel: 'No adjudicar el lote {{plate}}', revertLabel: 'Revertir la adjudicación del lote {{plate}}',
    confirmNotAward: '¿Marcar el lote {{plate}} como no adjudicado?', confirmRevert: '¿Devolver el lote {{plate}} a pendiente de adjudicación?',
    countdownLabel: 'Tiempo restante del lote {{plate}}', buyNowNoRevert: 'Comprado con compra inmediata: no se puede revertir',
  },
  ownerState: { watching: 'En directo', toAward: 'Por adjudicar', awarded: 'Adjudicado', notAwarded: 'No adjudicado' },
  award: {
    title: 'Adjudicar el lote {{plate}}', choose: 'Elija la oferta ganadora (la mejor primero)', timesIn: 'horas en {{zone}}', option: '{{amount}} de {{username}}, {{time}}',
    clickAndBuy: 'compra inmediata', belowReserve: 'bajo la reserva', none: 'Este lote no tiene ofertas que adjudicar.', submit: 'Adjudicar', cancel: 'Cancelar',
  },
  extend: {
    title: 'Prorrogar la subasta', start: 'Inicio', startDate: 'Fecha de inicio', startTime: 'Hora de inicio', newEnd: 'Nuevo fin', submit: 'Prorrogar', cancel: 'Cancelar',
    hint: 'Los segundos se ponen a cero.',
  },
  report: {
    title: 'Informe de ofertas', refresh: 'Actualizar', idOffer: 'ID de oferta', lot: 'Lote', amount: 'Importe', dealer: 'Profesional', time: 'Hora',
    clickAndBuy: 'Compra inmediata', yes: 'Sí', no: 'No', csv: 'Descargar CSV', xlsx: 'Descargar XLSX', empty: 'Todavía no hay ofertas.', caption: 'Todas las ofertas aceptadas, por orden de llegada',
  },
  outcome: {
    awardAll: '{{awarded}} de {{total}} adjudicados', awardAllWhy: '{{awarded}} de {{total}} adjudicados: {{why}}', belowReserve: '{{plates}} bajo la reserva',
    noOffers: '{{plates}} sin ofertas', nothingToAward: 'Ningún lote esperaba adjudicación.', awarded: 'Lote {{plate}} adjudicado a {{username}} por {{amount}}.',
    notAwarded: 'Lote {{plate}} marcado como no adjudicado.', reverted: 'Adjudicación del lote {{plate}} revertida: el lote vuelve a estar por adjudicar.',
    extended: 'La subasta termina ahora el {{date}}.', created: 'Subasta «{{name}}» creada.', edited: 'Subasta «{{name}}» guardada.', deleted: 'Subasta «{{name}}» eliminada.',
  },
  export: {
    sheet: 'Ofertas', lotNumber: 'N.º de lote', plate: 'Matrícula', vehicle: 'Vehículo', amount: 'Importe (EUR)', dealer: 'Profesional', time: 'Hora ({{zone}})',
    clickAndBuy: 'Compra inmediata', awardStatus: 'Estado de adjudicación', winner: 'Adjudicatario', yes: 'Sí', no: 'No', TBA: 'Por adjudicar', AWA: 'Adjudicado', NAW: 'No adjudicado', lost: 'No adjudicada (superada)',
  },
  offers: { open: 'Ofertas', title: 'Ofertas: {{name}}', back: 'Volver a la subasta', loading: 'Cargando…', noLot: 'Este lote no está en esta subasta.', awarded: 'Adjudicada', best: 'Mejor oferta', mark: 'Nota', lotTitle: 'Ofertas del lote {{number}}: {{brand}} {{model}}', all: 'Todas las ofertas de la subasta', buyer: 'Comprador', lotCaption: 'Ofertas por {{plate}}, en orden de llegada' },
  buyer: { title: 'Comprador del lote {{number}}: {{brand}} {{model}}', back: 'Ofertas de este lote', notAwarded: 'Este lote no tiene comprador: {{status}}.', unknown: 'No se encontró la oferta ganadora.', username: 'Concesionario', price: 'Precio', offeredAt: 'Ofertada el' },
};
