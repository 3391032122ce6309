/** The remaining private pages (issue 23 item 8). */
export const privatePages = {
  menu: { label: "Ayuda e información", support: "Soporte", booklet: "Guía", myLeasys: "My Leasys", contact: "Contacto", privacy: "Privacidad", cookie: "Cookies" },
  support: {
    title: "Soporte",
    text: "¿Preguntas sobre una subasta, una compra o tu cuenta? El servicio al cliente responde en días laborables.",
    mail: "Escribe al servicio al cliente:",
    booklet: "Leer la guía",
  },
  booklet: {
    title: "Guía",
    intro: "Cómo funciona el portal, en resumen.",
    auctionsTitle: "Subastas",
    auctionsText: "Acepta el reglamento de una subasta y puja por sus lotes hasta que termine. Gana la oferta válida más alta cuando el subastador adjudica el lote.",
    showcaseTitle: "Escaparate",
    showcaseText: "Añade vehículos a tu lote y cómpralos al precio fijo indicado.",
    purchasesTitle: "Compras",
    purchasesText: "Tu página de compras muestra lo que has comprado, el estado del pago y te permite valorar al vendedor.",
  },
  myLeasys: {
    title: "My Leasys",
    text: "Las ofertas de renting y tus contratos de renting están en el sitio de Leasys.",
    link: "Abrir el sitio de Leasys",
    newTab: "(se abre en una pestaña nueva)",
  },
  contact: {
    title: "Contacto",
    text: "El servicio al cliente te ayuda con tu cuenta, las subastas y las compras.",
    mail: "Correo electrónico:",
    partition: "Solicitar un cambio de partición",
  },
  privacy: {
    title: "Privacidad",
    text: "Cómo tratamos tus datos y las condiciones en las que usas el portal.",
    openPrivacy: "Leer la política de privacidad",
    openTerms: "Leer los términos y condiciones",
    consents: "Revisar tus consentimientos",
  },
  cookie: {
    title: "Cookies",
    text: "El portal solo usa cookies técnicas para tu sesión y tu elección de idioma.",
    notes: "Tus notas sobre las cookies",
  },
  informative: {
    privacyTitle: "Política de privacidad",
    privacyText: "El portal trata tus datos personales (nombre, datos de contacto, datos de tu empresa y tu actividad en el portal) para gestionar subastas y ventas, administrar tu cuenta y cumplir las obligaciones legales. Los datos se conservan mientras exista tu cuenta y lo que exija la ley. Puedes solicitar ver, corregir o borrar tus datos, u oponerte a su tratamiento, escribiendo al servicio al cliente.",
    termsTitle: "Términos y condiciones",
    termsText: "El portal está reservado a comerciantes profesionales. Cada oferta que haces compromete a tu empresa. Un lote que se te adjudique debe pagarse y retirarse en los plazos indicados en el reglamento de la subasta. El acceso es personal: no compartas tus credenciales.",
    close: "Cerrar",
  },
  partition: {
    title: "Cambiar de partición",
    message: "Para trasladar tu empresa a otra partición, envía una solicitud al servicio al cliente. Te responderá por correo electrónico.",
    confirm: "Enviar solicitud",
    close: "Cerrar",
    subject: "Solicitud de cambio de partición",
    body: "Os pido trasladar mi empresa a otra partición.",
  },
};
