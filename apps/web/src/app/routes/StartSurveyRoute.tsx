import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { surveyUrl } from '../../shared/navigation/productLinks';
import { logout } from '../../shared/session/authActions';
import { LoadingSpinner } from '../../shared/ui/LoadingSpinner';

/**
 * appointments/{id}/start-survey (patient-booking.md §2.1): signs out whoever is signed in, so the survey
 * is answered as the patient it was sent to, then opens the survey app at /survey/appointment/{id}.
 */
export function StartSurveyRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  useEffect(() => {
    let cancelled = false;
    void logout().then(() => {
      if (!cancelled) void navigate(surveyUrl(id), { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [id, navigate]);
  return <LoadingSpinner minHeight="60vh" />;
}
