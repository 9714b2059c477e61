export * from './auth.ts';
export * from './mail.ts';
