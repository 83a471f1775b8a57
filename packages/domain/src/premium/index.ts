export * from './order.ts';
export * from './pricing.ts';
export * from './start-date.ts';
