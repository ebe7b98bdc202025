export * from './validation';
export * from './zip';
export * from './format';
export * from './booking-stages';
export * from './booking-payment';
export * from './booking-forms';
export * from './search';
export * from './appointment';
