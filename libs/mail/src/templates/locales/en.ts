/**
 * English, the reference: every other language has exactly these keys and, per text, these `{{placeholders}}`
 * (the type checks the keys, `texts.unit.spec.ts` the placeholders).
 */
export const en = {
  common: {
    greeting: 'Hello {{name}},',
    greetingNoName: 'Hello,',
    linkFallback: 'If the button does not work, copy this address into your browser:',
    signature: 'The {{portal}} team',
    footerAutomatic: 'This is an automatic message from {{portal}}. Please do not reply to it.',
    footerSupport: 'Questions? Write to {{email}}.',
  },
  registrationReceived: {
    subject: 'We have received your registration',
    received: 'We have received the registration of {{businessName}} on {{portal}}. Thank you!',
    review: 'Our staff will now check your data and documents. Until then your account stays disabled; we will write to you as soon as it is enabled.',
  },
  accountEnabled: {
    subject: 'Your account on {{portal}} is enabled',
    body: 'The account {{username}} has been enabled: you can now log in and take part in the auctions and the showcase.',
    action: 'Log in',
  },
  passwordRecovery: {
    subject: 'Reset your password',
    body: 'We were asked to reset the password of the account {{username}}. Use the button below to choose a new password.',
    action: 'Choose a new password',
    validity: 'The link works once and expires in {{duration}}.',
    ignore: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  },
  invitation: {
    subject: '{{dealerName}} invites you to {{portal}}',
    body: '{{dealerName}} has invited you to join {{portal}} as one of its users. Complete your personal sign-up to get access.',
    action: 'Sign up',
    validity: 'The invitation expires in {{duration}}.',
    ignore: 'If you were not expecting this invitation, you can ignore this e-mail.',
  },
  passwordChanged: {
    subject: 'Your password was changed',
    body: 'The password of the account {{username}} was changed on {{when}}.',
    noAction: 'If it was you, there is nothing else to do.',
    notYou: 'If it was not you, reset your password at once and contact us.',
    action: 'Reset the password',
  },
};

/** The shape of the mail texts of one language. */
export type MailTexts = typeof en;
