export * from './attachments.ts';
export * from './carriers.ts';
export * from './container-list.ts';
export * from './permissions.ts';
export * from './validation.ts';
