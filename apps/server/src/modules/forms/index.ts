import type { ModuleRegistration } from '../../platform/modules';
import { formRoutes } from './routes';
/** The forms module's public face: custom forms, their association with bookings, and patients' answers. */
export { insertForm, type NewFormRow } from './store';

/** Wires the module: custom forms and patients' answers. */
export const register: ModuleRegistration = async (app) => {
  await app.register(formRoutes);
};
