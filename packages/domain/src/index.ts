export * from './validation';
export * from './zip';
export * from './format';
export * from './search';
