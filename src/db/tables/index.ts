export * from './users';
export * from './reference';
export * from './catalog';
export * from './layouts';
export * from './orders';
export * from './checkout';
export * from './order-status';
