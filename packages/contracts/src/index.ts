export * from './errors.ts';
export * from './roles.ts';
export * from './accounts.ts';
export * from './endpoint.ts';
export * from './endpoints.ts';
export * from './pages.ts';
export * from './learning.ts';
export * from './learning-endpoints.ts';
