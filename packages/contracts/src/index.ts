export * from './amcos.ts';
export * from './audit.ts';
export * from './auth.ts';
export * from './common.ts';
export * from './permissions.ts';
export * from './routes.ts';
export * from './users.ts';
