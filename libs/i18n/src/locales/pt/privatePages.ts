/** The remaining private pages (issue 23 item 8). */
export const privatePages = {
  menu: { label: "Ajuda e informações", support: "Apoio", booklet: "Guia", myLeasys: "My Leasys", contact: "Contacto", privacy: "Privacidade", cookie: "Cookies" },
  support: {
    title: "Apoio",
    text: "Dúvidas sobre um leilão, uma compra ou a sua conta? O apoio ao cliente responde nos dias úteis.",
    mail: "Escreva ao apoio ao cliente:",
    booklet: "Ler o guia",
  },
  booklet: {
    title: "Guia",
    intro: "Como funciona o portal, em resumo.",
    auctionsTitle: "Leilões",
    auctionsText: "Aceite o regulamento de um leilão e licite nos seus lotes até ao fim. Ganha a oferta válida mais alta quando o leiloeiro adjudica o lote.",
    showcaseTitle: "Montra",
    showcaseText: "Coloque veículos no seu lote e compre-os ao preço fixo indicado.",
    purchasesTitle: "Compras",
    purchasesText: "A página das suas compras mostra o que comprou, o estado do pagamento e permite avaliar o vendedor.",
  },
  myLeasys: {
    title: "My Leasys",
    text: "As ofertas de renting e os seus contratos de renting estão no site da Leasys.",
    link: "Abrir o site da Leasys",
    newTab: "(abre num novo separador)",
  },
  contact: {
    title: "Contacto",
    text: "O apoio ao cliente ajuda-o com a sua conta, os leilões e as compras.",
    mail: "E-mail:",
    partition: "Pedir a mudança de partição",
  },
  privacy: {
    title: "Privacidade",
    text: "Como tratamos os seus dados e as condições em que utiliza o portal.",
    openPrivacy: "Ler a política de privacidade",
    openTerms: "Ler os termos e condições",
    consents: "Rever os seus consentimentos",
  },
  cookie: {
    title: "Cookies",
    text: "O portal usa apenas cookies técnicos para a sua sessão e a escolha de idioma.",
    notes: "As suas notas sobre cookies",
  },
  informative: {
    privacyTitle: "Política de privacidade",
    privacyText: "O portal trata os seus dados pessoais (nome, contactos, dados da sua empresa e a sua atividade no portal) para realizar leilões e vendas, gerir a sua conta e cumprir obrigações legais. Os dados são conservados enquanto a sua conta existir e pelo tempo exigido por lei. Pode pedir para ver, corrigir ou apagar os seus dados, ou opor-se ao seu tratamento, escrevendo ao apoio ao cliente.",
    termsTitle: "Termos e condições",
    termsText: "O portal é reservado a comerciantes profissionais. Cada oferta que faz vincula a sua empresa. Um lote que lhe seja adjudicado deve ser pago e levantado nos prazos indicados no regulamento do leilão. O acesso é pessoal: não partilhe as suas credenciais.",
    close: "Fechar",
  },
  partition: {
    title: "Mudar de partição",
    message: "Para mudar a sua empresa para outra partição, envie um pedido ao apoio ao cliente. A resposta chega por e-mail.",
    confirm: "Enviar pedido",
    close: "Fechar",
    subject: "Pedido de mudança de partição",
    body: "Peço que mudem a minha empresa para outra partição.",
  },
};
