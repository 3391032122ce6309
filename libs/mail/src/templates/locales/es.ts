import type { Translation } from '@auction/i18n';
import type { MailTexts } from './en.js';

/** Mail texts in the language `es` (keys and placeholders as English). */
export const es: Translation<MailTexts> = {
  common: {
    greeting: 'Hola, {{name}}:',
    greetingNoName: 'Hola:',
    linkFallback: 'Si el botón no funciona, copia esta dirección en tu navegador:',
    signature: 'El equipo de {{portal}}',
    footerAutomatic: 'Este es un mensaje automático de {{portal}}. Por favor, no respondas a él.',
    footerSupport: '¿Preguntas? Escribe a {{email}}.',
  },
  registrationReceived: {
    subject: 'Hemos recibido tu registro',
    received: 'Hemos recibido el registro de {{businessName}} en {{portal}}. ¡Gracias!',
    review: 'Nuestro equipo comprobará ahora tus datos y documentos. Hasta entonces tu cuenta permanece desactivada; te escribiremos en cuanto esté habilitada.',
  },
  accountEnabled: {
    subject: 'Tu cuenta en {{portal}} está habilitada',
    body: 'La cuenta {{username}} ha sido habilitada: ya puedes iniciar sesión y participar en las subastas y el escaparate.',
    action: 'Iniciar sesión',
    passwordSetup: "La cuenta aún no tiene contraseña: un correo aparte a la dirección de la cuenta contiene el enlace para elegir su contraseña antes del primer acceso.",
  },
  passwordRecovery: {
    subject: 'Restablece tu contraseña',
    body: 'Se ha solicitado restablecer la contraseña de la cuenta {{username}}. Usa el botón de abajo para elegir una nueva contraseña.',
    action: 'Elegir una nueva contraseña',
    validity: 'El enlace solo se puede usar una vez y caduca en {{duration}}.',
    ignore: 'Si no lo has solicitado tú, ignora este correo: tu contraseña no cambia.',
  },
  invitation: {
    subject: '{{dealerName}} te invita a {{portal}}',
    body: '{{dealerName}} te ha invitado a unirte a {{portal}} como usuario. Completa tu registro personal para obtener acceso.',
    action: 'Registrarse',
    validity: 'La invitación caduca en {{duration}}.',
    ignore: 'Si no esperabas esta invitación, puedes ignorar este correo.',
  },
  passwordChanged: {
    subject: 'Tu contraseña ha sido cambiada',
    body: 'La contraseña de la cuenta {{username}} se cambió el {{when}}.',
    noAction: 'Si fuiste tú, no tienes que hacer nada más.',
    notYou: 'Si no fuiste tú, restablece tu contraseña de inmediato y ponte en contacto con nosotros.',
    action: 'Restablecer la contraseña',
  },
  accountSetup: {
    subject: "Su cuenta en {{portal}}: elija su contraseña",
    approved: "Su registro ha sido aprobado: la cuenta {{username}} en {{portal}} está habilitada.",
    created: "Se ha abierto para usted una cuenta {{username}} en {{portal}}.",
    body: "Para acceder, elija primero su contraseña con el botón de abajo; después acceda con el nombre de usuario {{username}} y esa contraseña.",
    action: "Elegir su contraseña",
    validity: "El enlace funciona una vez y caduca en {{duration}}. Si ha caducado, la recuperación de contraseña de la página de acceso le envía uno nuevo.",
  },
  emailChanged: {
    subject: "La dirección de correo de su cuenta ha cambiado",
    body: "La dirección de correo de la cuenta {{username}} en {{portal}} se cambió el {{when}}. A partir de ahora sus correos, incluidos los enlaces de contraseña, van a la nueva dirección, no a esta.",
    notYou: "Si no esperaba este cambio, contáctenos de inmediato.",
  },
  signUpExisting: {
    subject: "Se ha enviado un registro con su dirección de correo",
    body: "Alguien ha enviado un registro de concesionario en {{portal}} con esta dirección de correo, que ya pertenece a la cuenta {{username}}. No se ha creado ninguna cuenta nueva y su cuenta no ha cambiado.",
    ifYou: "Si fue usted, acceda con su cuenta; si olvidó su contraseña, use el botón de abajo para elegir una nueva.",
    notYou: "Si no fue usted, no tiene que hacer nada.",
    action: "Recuperar la contraseña",
  },
};
