export * from './client-features';
export * from './errors';
export * from './health';
export * from './permissions';
