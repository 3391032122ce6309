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
};
