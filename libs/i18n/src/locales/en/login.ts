/** The login page. */
export const login = {
  title: 'Log in',
  subtitle: 'Professional vehicle auctions for dealers',
  username: 'Username',
  password: 'Password',
  submit: 'Log in',
};
