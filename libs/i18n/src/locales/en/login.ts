/** The login page. */
export const login = {
  title: 'Log in',
  subtitle: 'Professional vehicle auctions for dealers',
  username: 'Username',
  password: 'Password',
  submit: 'Log in',
  forgotPassword: 'Forgot your password?',
  signUp: 'Not registered yet? Sign up your dealership',
  wrongCredentials: 'Wrong username or password.',
  tooMany: 'Too many attempts: wait a moment and try again.',
  ssoTitle: 'Single sign-on',
  signOutTitle: 'Signing out',
  signOutText: 'You are being signed out of the portal.',
  signOutButton: 'Sign out',
  ssoFailed: 'The sign-in could not be completed. Please try again.',
  expired: 'This sign-in page has expired: start again from the portal.',
  backToPortal: 'Back to the portal',
};
