/** The audit workflows of the calendar set-up (the spec's names), decided by the platform policy (decision 0080). */
export const SCHEDULE_WORKFLOWS = {
  scheduleEdit: 'Schedule_Edit_Web',
  categoryAdd: 'Reason_Group_Add_Web',
  categoryEdit: 'Reason_Group_Edit_Web',
  typeAdd: 'Reason_Add_Web',
  typeEdit: 'Reason_Edit_Web',
} as const;

/** The set-up objects' audit entity types. */
export type SetUpEntity =
  'Schedule' | 'ScheduleSetting' | 'ScheduleException' | 'ServiceCategory' | 'ServiceType';
