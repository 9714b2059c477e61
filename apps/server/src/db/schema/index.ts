export * from './auth.ts';
export * from './mail.ts';
export * from './catalogue.ts';
export * from './learning.ts';
export * from './guardians.ts';
export * from './progress.ts';
export * from './tutor.ts';
export * from './consent.ts';
