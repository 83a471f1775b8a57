export * from './image.ts';
export * from './validation.ts';
