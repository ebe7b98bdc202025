import { createContext, type ReactNode } from 'react';

/** What a screen hands the patient's chart when it opens it from a visit. */
export interface PatientChartProps {
  patientId: string;
  patientName: string;
  appointmentId: string | null;
  onClose: () => void;
}

/**
 * Where a practice screen (the appointment dialog) finds the patient's chart: the app composes the
 * clinical-record feature in (App.tsx), so features do not import each other. Null: no chart, no button.
 */
export const PatientChartSlot = createContext<((props: PatientChartProps) => ReactNode) | null>(null);
