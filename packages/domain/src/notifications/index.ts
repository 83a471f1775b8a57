export * from './release-mails.ts';
