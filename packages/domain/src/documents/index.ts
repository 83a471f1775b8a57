export * from './json-schema.ts';
export * from './transport-order.ts';
export * from './document-types.ts';
export * from './document-status.ts';
export * from './document-problems.ts';
export * from './document-search.ts';
export * from './document-body.ts';
export * from './text-length.ts';
