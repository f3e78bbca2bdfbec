export * from './endpoints';
export * from './receipts';
