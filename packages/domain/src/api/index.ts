export * from './admin.ts';
export * from './itsme.ts';
export * from './page.ts';
export * from './paths.ts';
export * from './releases.ts';
export * from './same-type.ts';
export * from './transporters.ts';
