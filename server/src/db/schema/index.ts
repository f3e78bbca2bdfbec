/** The Drizzle schema, one file per area; everything is imported from here. */
export * from './columns';
export * from './company';
export * from './staff';
export * from './clients';
export * from './catalogue';
export * from './agenda';
export * from './summaries';
export * from './audit';
export * from './sales';
export * from './products';
export * from './care';
export * from './operations';
export * from './electronic-receipts';
export * from './complaints';
export * from './online-booking';
export * from './client-portal';
export * from './bonos';
