export * from './client-features';
export * from './errors';
export * from './health';
export * from './ipc';
export * from './permissions';
