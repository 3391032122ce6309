/** The sellers back-office (issue 23 item 3): seller-management, seller-list, create-seller, seller, the seller selector. */
export const sellers = {
  fields: {
    market: "Mercado",
    name: "Nombre",
    surname: "Apellido",
    email: "Correo electrónico",
    phone: "Teléfono",
    areas: "Zonas cubiertas",
    carSold: "Tamaño del concesionario (coches vendidos al año)",
    dealersCount: "Concesionarios",
  },
  management: {
    title: "Gestión de vendedores",
  },
  list: {
    title: "Vendedores",
    search: "Nombre, apellido o correo",
    searchButton: "Buscar",
    empty: "Ningún vendedor.",
    loading: "Cargando…",
    failed: "No se pudieron cargar los vendedores.",
  },
  create: {
    title: "Nuevo vendedor",
    done: "Vendedor {{name}} creado.",
  },
  edit: {
    title: "Vendedor",
    done: "Vendedor {{name}} guardado.",
    delete: "Eliminar vendedor",
    confirmDelete: "¿Eliminar al vendedor {{name}}?",
    missing: "Este vendedor no existe.",
  },
  form: {
    save: "Guardar",
    invalid: "Revise este campo.",
    noCodes: "No hay códigos para este mercado.",
    taken: "cubierto por otro vendedor",
  },
  config: {
    title: "Ajustes del mercado",
    assignBy: "Los concesionarios reciben su vendedor",
    showToDealers: "Los concesionarios ven a su vendedor",
    saved: "Ajustes guardados.",
    assign: {
      MANUAL: "A mano",
      AREA: "Por zona",
      CAR_SOLD: "Por tamaño del concesionario",
    },
  },
  selector: {
    title: "Elegir un vendedor",
    none: "Ningún vendedor",
    close: "Cerrar",
  },
  dealer: {
    title: "Vendedor de referencia",
    none: "Ningún vendedor",
    change: "Cambiar vendedor",
    done: "Vendedor de referencia: {{name}}.",
  },
};
