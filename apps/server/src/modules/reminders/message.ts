/** The outbox's template name of a reminder (its words are the practice's 'reminder' template, decision 0061). */
export const REMINDER_TEMPLATE = 'appointment-reminder';
