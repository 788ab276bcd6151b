import type { HandlerContext, NamespaceHandlers } from './context';

export const sessionHandlers = ({ session }: HandlerContext): NamespaceHandlers<'session'> => ({
  'session.get': () => session.state(),
  'session.signIn': ({ email, password, rememberMe }) => session.signIn(email, password, rememberMe),
  'session.signInCode': ({ code }) => session.signInCode(code),
  'session.reauthenticate': ({ password }) => session.reauthenticate(password),
  'session.reauthenticateCode': ({ code }) => session.reauthenticateCode(code),
  'session.signOut': async () => {
    await session.signOut('signedOut');
    return null;
  },
  'session.activity': () => {
    session.activity();
    return null;
  }
});
