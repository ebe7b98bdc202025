import { FormQuestions } from '../../features/checkin/routes/CheckInPage';
import { FormBuilderPage } from '../../features/form-builder/routes/FormBuilderPage';

/** The form builder, whose preview renders through the patient's check-in renderer: the two features meet here. */
export function FormBuilderScreen() {
  return <FormBuilderPage renderQuestions={FormQuestions} />;
}
