// The mail feature (the development outbox at /dev/mail); the mailer itself is shared, in lib/mailer.ts.
export { isFromThisMachine } from './mail.routes.ts';
