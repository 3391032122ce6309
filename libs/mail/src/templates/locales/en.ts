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
    passwordSetup: "The account has no password yet: a separate e-mail to the account's own address brings the link to choose its password before the first login.",
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
  accountSetup: {
    subject: "Your account on {{portal}}: choose your password",
    approved: "Your registration has been approved: the account {{username}} on {{portal}} is enabled.",
    created: "An account {{username}} has been opened for you on {{portal}}.",
    body: "To log in, first choose your password with the button below; then log in with the username {{username}} and that password.",
    action: "Choose your password",
    validity: "The link works once and expires in {{duration}}. If it has expired, the password recovery on the login page sends you a new one.",
  },
  emailChanged: {
    subject: "The e-mail address of your account was changed",
    body: "The e-mail address of the account {{username}} on {{portal}} was changed on {{when}}. From now on its mails, password links included, go to the new address, not to this one.",
    notYou: "If you did not expect this change, contact us at once.",
  },
  signUpExisting: {
    subject: "A registration was sent with your e-mail address",
    body: "Someone sent a dealer registration on {{portal}} with this e-mail address, which already belongs to the account {{username}}. No new account was created and your account is unchanged.",
    ifYou: "If it was you, log in with your account; if you forgot its password, use the button below to choose a new one.",
    notYou: "If it was not you, there is nothing to do.",
    action: "Recover the password",
  },
};

/** The shape of the mail texts of one language. */
export type MailTexts = typeof en;
