/** The forms module's public face: custom forms, their association with bookings, and patients' answers. */
export { formRoutes } from './routes';
export { insertForm, type NewFormRow } from './store';
