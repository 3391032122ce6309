/** The sellers back-office (issue 23 item 3): seller-management, seller-list, create-seller, seller, the seller selector. */
export const sellers = {
  fields: {
    market: "Mercado",
    name: "Nome",
    surname: "Apelido",
    email: "E-mail",
    phone: "Telefone",
    areas: "Zonas cobertas",
    carSold: "Dimensão do concessionário (carros vendidos por ano)",
    dealersCount: "Concessionários",
  },
  management: {
    title: "Gestão de vendedores",
  },
  list: {
    title: "Vendedores",
    search: "Nome, apelido ou e-mail",
    searchButton: "Pesquisar",
    empty: "Nenhum vendedor.",
    loading: "A carregar…",
    failed: "Não foi possível carregar os vendedores.",
  },
  create: {
    title: "Novo vendedor",
    done: "Vendedor {{name}} criado.",
  },
  edit: {
    title: "Vendedor",
    done: "Vendedor {{name}} guardado.",
    delete: "Eliminar vendedor",
    confirmDelete: "Eliminar o vendedor {{name}}?",
    missing: "Este vendedor não existe.",
  },
  form: {
    save: "Guardar",
    invalid: "Verifique este campo.",
    noCodes: "Sem códigos para este mercado.",
    taken: "coberto por outro vendedor",
  },
  config: {
    title: "Definições do mercado",
    assignBy: "Os concessionários recebem o vendedor",
    showToDealers: "Os concessionários veem o seu vendedor",
    saved: "Definições guardadas.",
    assign: {
      MANUAL: "À mão",
      AREA: "Por zona",
      CAR_SOLD: "Por dimensão do concessionário",
    },
  },
  selector: {
    title: "Escolher um vendedor",
    none: "Nenhum vendedor",
    close: "Fechar",
  },
  dealer: {
    title: "Vendedor de referência",
    none: "Nenhum vendedor",
    change: "Mudar de vendedor",
    done: "Vendedor de referência: {{name}}.",
  },
};
