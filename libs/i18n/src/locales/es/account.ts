import type { Translation } from '../../translation.js';
import type { account as en } from '../en/account.js';

/** Spanish: mantenimiento, acceso denegado, consentimientos, recuperación y cambio de contraseña, acceso móvil. */
export const account: Translation<typeof en> = {
  maintenance: {
    title: 'Volvemos enseguida',
    text: 'El portal está en mantenimiento o no está disponible en este momento. Vuelva a intentarlo en unos minutos.',
    contact: '¿Necesita ayuda? Escriba a atención al cliente:',
    retry: 'Reintentar',
  },
  forbidden: {
    title: 'Acceso no permitido',
    text: 'Su cuenta no está habilitada para el área privada. Atención al cliente puede indicarle el motivo y habilitarla.',
    contact: 'Escriba a atención al cliente:',
  },
  privacy: {
    title: 'Privacidad y consentimientos',
    intro: 'Antes de continuar, responda a los tres consentimientos siguientes. Cada respuesta es obligatoria.',
    consent1: 'El tratamiento de mis datos personales para prestar los servicios del portal, según se describe en la política de privacidad.',
    consent2: 'Las condiciones generales de uso del portal y de sus subastas.',
    consent3: 'El tratamiento de mis datos de contacto para recibir novedades sobre subastas y ofertas.',
    agree: 'Acepto',
    disagree: 'No acepto',
    required: 'Responda a los tres consentimientos.',
    allNeeded: 'El área privada está disponible cuando se han dado los tres consentimientos.',
    submit: 'Guardar y continuar',
  },
  recovery: {
    title: 'Recuperar la contraseña',
    intro: 'Introduzca su nombre de usuario o el correo electrónico de su cuenta: basta con uno.',
    username: 'Nombre de usuario',
    email: 'Correo electrónico',
    or: 'o',
    submit: 'Enviar',
    sent: 'Si alguna cuenta coincide con los datos introducidos, le hemos enviado un correo con un enlace para elegir una nueva contraseña. El enlace solo puede usarse una vez y caduca pronto.',
    linkTitle: 'Elegir una nueva contraseña',
    linkIntro: 'Elija una nueva contraseña para {{username}}.',
    password: 'Nueva contraseña',
    confPassword: 'Confirme la nueva contraseña',
    save: 'Guardar la nueva contraseña',
    done: 'Su contraseña se ha cambiado. Ya puede acceder con ella.',
    linkInvalid: 'Este enlace ha caducado o ya se ha utilizado. Solicite uno nuevo.',
    askAgain: 'Solicitar un nuevo enlace',
  },
  change: {
    currentPassword: "Contraseña actual",
    title: 'Cambiar la contraseña',
    password: 'Nueva contraseña',
    confPassword: 'Confirme la nueva contraseña',
    submit: 'Cambiar la contraseña',
    done: 'Su contraseña se ha cambiado.',
  },
  passwordHint: 'Al menos {{minLength}} caracteres con al menos 3 de: minúsculas, mayúsculas, dígitos, caracteres especiales.',
  passwordHintMax: 'De {{minLength}} a {{maxLength}} caracteres con al menos 3 de: minúsculas, mayúsculas, dígitos, caracteres especiales.',
  mobile: {
    title: 'Acceder',
    intro: 'Acceda con el nombre de usuario y la contraseña del portal.',
    username: 'Usuario',
    password: 'Su contraseña',
    submit: 'Acceder',
    failed: 'No se ha podido acceder: compruebe el usuario y la contraseña.',
    signUp: '¿Todavía no está registrado? Regístrese',
    forgotPassword: '¿Ha olvidado su contraseña?',
  },
  passwordForm: {
    error: {
      tooShort: 'Al menos {{minLength}} caracteres.',
      tooLong: 'Como máximo {{maxLength}} caracteres.',
      weak: 'Use al menos {{minClasses}} de: minúsculas, mayúsculas, dígitos, caracteres especiales.',
      mismatch: 'Las dos contraseñas no coinciden.',
    },
  },
  passwordRecoveryForm: { error: { usernameOrEmail: 'Introduzca su nombre de usuario o su correo electrónico.' } },
  registrationForm: {
    error: {
      mandatory: 'Este campo es obligatorio.',
      wrongFormat: 'El formato no es válido.',
    },
  },
};
