export * from './errors';
export * from './envelope';
export * from './constants';
export * from './realtime';
export * from './app-config';
export * from './catalog';
export * from './directory';
export * from './scheduling';
