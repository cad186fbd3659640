export * from '../modules/amcos/schema.ts';
export * from '../modules/auth/schema.ts';
export * from '../modules/roles/schema.ts';
export * from '../modules/users/schema.ts';
export * from '../platform/schema.ts';
