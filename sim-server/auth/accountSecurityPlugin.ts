// `app.accountSecurity`: the password grant of POST /api/user_token with its standing and lockout checks, account
// standing, reset and unlock links and the outbox (access §8). The grant is decided in one place
// (`signInWithPassword`), after the body has been parsed, so only a wrong password in a well-formed request counts
// towards the lockout and an unlock link works only with the right password (issue 17). Once a new password is
// committed, the user's open cable connections are ended too: their sessions stopped working with it; so are they
// when an e-mail change is undone (every session of the user is revoked then).
import { sharedPlugin } from '../plugins/sharedPlugin.ts';
import { createAccountSecurity, type AccountSecurity } from './accountSecurity.ts';

declare module 'fastify' {
  interface FastifyInstance {
    accountSecurity: AccountSecurity;
  }
}

export type AccountSecurityPluginOptions = {
  /** Where a mail's line goes besides the outbox (docs/simulator.md); default the app's log at info. */
  mailLog?: (line: string) => void;
};

export const accountSecurityPlugin = sharedPlugin<AccountSecurityPluginOptions>(
  'account-security',
  async (app, options) => {
    const mailLog = options.mailLog ?? ((line: string) => app.log.info(line));
    const endCableSessions = (userId: string) => {
      if (app.hasDecorator('broadcaster')) app.broadcaster.endSessionsOf(userId);
    };
    app.decorate(
      'accountSecurity',
      createAccountSecurity(
        app.eventLog,
        app.tokens,
        app.clock,
        mailLog,
        (email) => app.throttles.failedUnknownEmail(email),
        endCableSessions,
      ),
    );
    app.eventLog.subscribe((committed) => {
      for (const { event } of committed)
        if (event.type === 'PasswordChanged' && app.hasDecorator('broadcaster'))
          app.broadcaster.endSessionsOf(event.data.user_id);
    });
  },
);
